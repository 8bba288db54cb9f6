import { graphql, type ResultOf } from "@/lib/graphql";
import { useGqlQuery } from "@/lib/query-client";
import { useGqlMutation } from "@/lib/use-gql-mutation";

// Deliveries: the customer's service addresses, their services and work orders, the route calendar, and
// scheduling, changing and cancelling a delivery. Money fields are integer cents.

export const AddressFields = graphql(`
  fragment DeliveryAddressFields on ServiceAddress @_unmask {
    serviceAddressId
    customerId
    referenceNumber
    streetNumber
    streetName
    address2
    company
    firstName
    lastName
    city
    state
    postalCode
    isOnCreditHold
    inactive
    services {
      serviceId
      productName
      routeNumber
      routeName
      routeFrequencyInterval
      nextDeliveryDate
      routeDriver {
        id
        doNotUseNumberedRoutes
      }
    }
  }
`);

export const WorkOrderFields = graphql(`
  fragment DeliveryWorkOrderFields on WorkOrder @_unmask {
    id
    number
    name
    isOpen
    canEdit
    syncing
    isPortalOrder
    shopOrder {
      number
      paidOnline
    }
    purchaseOrderId
    purchaseOrderNumber
    subtotal
    tax
    total
    workTime {
      scheduled
      scheduledTime
    }
    disposition {
      validationError
    }
    billingItems {
      id
      catalogItemId
      name
      quantity
      unitPrice
      amount
      tax
      canEdit
      canHaveQuantity
      prepayQuantity
      description {
        text
        style
      }
    }
  }
`);

export const DeliveryCustomersQuery = graphql(
  `
  query DeliveryCustomers {
    customers {
      id
      accountNumber
      name
      serviceAddresses {
        ...DeliveryAddressFields
      }
    }
  }
`,
  [AddressFields],
);

export const DeliveryAddressQuery = graphql(
  `
  query DeliveryAddress($customerId: ID!, $serviceAddressId: ID!) {
    customer(customerId: $customerId) {
      id
      accountNumber
      name
      serviceAddressIds
      serviceAddresses(serviceAddressId: $serviceAddressId) {
        ...DeliveryAddressFields
        workOrders(limit: 30) {
          ...DeliveryWorkOrderFields
        }
      }
    }
  }
`,
  [AddressFields, WorkOrderFields],
);

export const DeliveryFormQuery = graphql(
  `
  query DeliveryForm($customerId: ID!, $serviceAddressId: ID!, $workOrderId: ID!, $isEdit: Boolean!) {
    customer(customerId: $customerId) {
      id
      accountNumber
      name
      purchaseOrderRequired
      purchaseOrders {
        id
        number
        description
      }
      serviceAddresses(serviceAddressId: $serviceAddressId) {
        ...DeliveryAddressFields
        billingItems {
          catalogItemId
          name
          unitPrice
          regularPrice
          onSale
          defaultQuantity
          taxable
          taxRateBasisPoints
          canHaveQuantity
        }
        workOrder(workOrderId: $workOrderId) @include(if: $isEdit) {
          ...DeliveryWorkOrderFields
        }
      }
    }
    routeCalendarDates(customerId: $customerId, serviceAddressId: $serviceAddressId) {
      serviceId
      date
      routeNumber
      routeName
      isRegular
      workOrderId
    }
  }
`,
  [AddressFields, WorkOrderFields],
);

export const UpdateWorkOrderMutation = graphql(
  `
  mutation UpdateWorkOrder($workOrder: WorkOrderInput!, $purchaseOrder: String) {
    updateWorkOrder(workOrder: $workOrder, purchaseOrder: $purchaseOrder) {
      isSuccess
      message
      workOrderId
      workOrder {
        ...DeliveryWorkOrderFields
      }
    }
  }
`,
  [WorkOrderFields],
);

export const CancelWorkOrderMutation = graphql(`
  mutation CancelWorkOrder($workOrderId: String!) {
    cancelWorkOrder(workOrderId: $workOrderId) {
      isSuccess
      message
    }
  }
`);

export type DeliveryCustomer = ResultOf<typeof DeliveryCustomersQuery>["customers"][number];
export type DeliveryAddress = ResultOf<typeof AddressFields>;
export type DeliveryWorkOrder = ResultOf<typeof WorkOrderFields>;
export type DeliveryForm = ResultOf<typeof DeliveryFormQuery>;
export type OfferedItem = DeliveryForm["customer"]["serviceAddresses"][number]["billingItems"][number];
export type OfferedDate = DeliveryForm["routeCalendarDates"][number];

export function useDeliveryCustomers() {
  return useGqlQuery(DeliveryCustomersQuery);
}

export function useDeliveryAddress(customerId: string, serviceAddressId: string) {
  return useGqlQuery(DeliveryAddressQuery, { customerId, serviceAddressId });
}

/** What the New and Edit screens need: the address's items and prices, its dates, the order being changed. */
export function useDeliveryForm(customerId: string, serviceAddressId: string, workOrderId?: string) {
  return useGqlQuery(
    DeliveryFormQuery,
    { customerId, serviceAddressId, workOrderId: workOrderId ?? "", isEdit: !!workOrderId },
    // dates and prices move with the clock: always ask again when the screen opens
    { staleTime: 0 },
  );
}

/** Every deliveries screen asks again after a change (orders, dates, totals). */
const deliveryQueries = ["DeliveryCustomers", "DeliveryAddress", "DeliveryForm"];

/** Schedules or changes a delivery; the form shows a refusal itself, a success says the server's message. */
export function useUpdateWorkOrder() {
  return useGqlMutation(UpdateWorkOrderMutation, { invalidates: deliveryQueries, successToast: true });
}

/** Cancels a delivery: a refusal or failure is shown in a toast, a success says the server's message. */
export function useCancelWorkOrder() {
  return useGqlMutation(CancelWorkOrderMutation, { invalidates: deliveryQueries, successToast: true });
}
