import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { savingMutations } from "@/lib/use-gql-mutation";

// Lead forms (LEAD_ADMIN): the list, one form, new (blank or from a template), the builder's save of
// the settings and the whole question list, and activation; the lead custom fields a question may fill
// and the sources a form's leads may get.

const LeadFormFields = graphql(`
  fragment LeadFormFields on LeadForm @_unmask {
    id
    name
    title
    description
    isPublic
    inactive
    isTemplate
    autoAssignLead
    assignWorkflowShortcutId
    minutesBetweenSubmissions
    hasAppointmentScheduler
    chooseSource
    chooseGatherer
    chooseSetter
    sendToRetailer
    leadSourceId
    lastEdited
    elements {
      id
      parentElementId
      showIfParentEquals
      isNativeLeadField
      leadFieldId
      customFieldId
      questionText
      questionType
      questionOptions
      isRequired
      orderIndex
    }
  }
`);
export type LeadForm = ResultOf<typeof LeadFormFields>;
export type LeadFormElement = LeadForm["elements"][number];
export type QuestionType = LeadFormElement["questionType"];
export type NativeField = NonNullable<LeadFormElement["leadFieldId"]>;

export const LeadFormsQuery = graphql(
  `
  query LeadForms {
    leadForms {
      ...LeadFormFields
    }
  }
`,
  [LeadFormFields],
);
export const useLeadForms = () => useGqlQuery(LeadFormsQuery, {});

export const LeadFormQuery = graphql(
  `
  query LeadForm($id: ID!) {
    leadForm(id: $id) {
      ...LeadFormFields
    }
  }
`,
  [LeadFormFields],
);
export const useLeadForm = (id: string) => useGqlQuery(LeadFormQuery, { id });

const LeadCustomFieldsQuery = graphql(`
  query LeadFormCustomFields {
    customFields(tableId: LEAD) {
      id
      name
      type
      optionList
    }
  }
`);
export const useLeadCustomFields = () => useGqlQuery(LeadCustomFieldsQuery, {});

const LeadFormSourcesQuery = graphql(`
  query LeadFormSources {
    leadSources {
      id
      name
      inactive
    }
  }
`);
export const useLeadFormSources = () => useGqlQuery(LeadFormSourcesQuery, {});

const CreateMutation = graphql(
  `
  mutation CreateLeadForm($templateId: ID) {
    createLeadForm(templateId: $templateId) {
      isSuccess
      message
      leadForm {
        ...LeadFormFields
      }
    }
  }
`,
  [LeadFormFields],
);
const EditMutation = graphql(
  `
  mutation EditLeadForm($id: ID!, $input: LeadFormInput!) {
    editLeadForm(id: $id, input: $input) {
      isSuccess
      message
      leadForm {
        ...LeadFormFields
      }
    }
  }
`,
  [LeadFormFields],
);
const ToggleMutation = graphql(`
  mutation ToggleLeadFormActivation($id: ID!) {
    toggleLeadFormActivation(id: $id) {
      isSuccess
      message
      leadForm {
        id
        inactive
      }
    }
  }
`);
export type LeadFormInput = VariablesOf<typeof EditMutation>["input"];

const saving = savingMutations([LeadFormsQuery, LeadFormQuery]);
export const useCreateLeadForm = saving(CreateMutation);
export const useEditLeadForm = saving(EditMutation);
export const useToggleLeadForm = saving(ToggleMutation);
