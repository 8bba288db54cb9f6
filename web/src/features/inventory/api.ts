import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { graphql, type ResultOf, type VariablesOf } from "@/lib/graphql";
import { useGqlQuery, useRawMutation } from "@/lib/query-client";
import { type MutationOptionsFor, useGqlMutation } from "@/lib/use-gql-mutation";

// Team inventory: items (paged), one item with its stock and photos, prices, stock adjustments and
// photo upload / reorder / delete.

const ItemFields = graphql(`
  fragment InventoryItemFields on InventoryItem @_unmask {
    id
    partNumber
    description
    retailPriceCents
    salePriceCents
    taxable
    inactive
    ecommerceStatus
    eCommerceTitle
    eCommerceDescription
    stockOnHand
    tracksStock
    productAttachments {
      id
      url
      fileName
      sortOrder
    }
  }
`);

export const InventoryItemsQuery = graphql(
  `
  query InventoryItems(
    $skip: Int
    $take: Int
    $search: String
    $sortBy: InventoryItemSort
    $sortDirection: SortDirection
    $ecommerceStatus: ProductListingStatus
    $includeInactive: Boolean
  ) {
    inventoryItems(
      skip: $skip
      take: $take
      search: $search
      sortBy: $sortBy
      sortDirection: $sortDirection
      ecommerceStatus: $ecommerceStatus
      includeInactive: $includeInactive
    ) {
      totalCount
      skip
      take
      items {
        ...InventoryItemFields
      }
    }
  }
`,
  [ItemFields],
);

export type InventoryListVariables = VariablesOf<typeof InventoryItemsQuery>;
export type InventoryListItem = ResultOf<typeof InventoryItemsQuery>["inventoryItems"]["items"][number];
export type ListingStatus = InventoryListItem["ecommerceStatus"];
export type InventorySort = NonNullable<InventoryListVariables["sortBy"]>;

export const InventoryItemQuery = graphql(
  `
  query InventoryItem($itemId: ID!) {
    inventoryItem(itemId: $itemId) {
      ...InventoryItemFields
      createdAt
    }
    inventoryStock(itemId: $itemId) {
      quantity
      warehouse {
        id
        name
        externalId
        inactive
      }
    }
  }
`,
  [ItemFields],
);

export type InventoryItemDetail = ResultOf<typeof InventoryItemQuery>["inventoryItem"];
export type StockLevel = ResultOf<typeof InventoryItemQuery>["inventoryStock"][number];
export type ItemPhoto = InventoryItemDetail["productAttachments"][number];

export const WarehousesQuery = graphql(`
  query Warehouses {
    warehouses {
      id
      name
      externalId
    }
  }
`);

export const EditInventoryItemMutation = graphql(
  `
  mutation EditInventoryItem($input: EditInventoryItemInput!) {
    editInventoryItem(input: $input) {
      ...InventoryItemFields
    }
  }
`,
  [ItemFields],
);

export const SetInventoryItemPricesMutation = graphql(
  `
  mutation SetInventoryItemPrices($input: SetInventoryItemPricesInput!) {
    setInventoryItemPrices(input: $input) {
      ...InventoryItemFields
    }
  }
`,
  [ItemFields],
);

export const AdjustInventoryStockMutation = graphql(`
  mutation AdjustInventoryStock($input: AdjustInventoryStockInput!) {
    adjustInventoryStock(input: $input) {
      quantity
      warehouse {
        id
        name
      }
    }
  }
`);

export const CreateWarehouseMutation = graphql(`
  mutation CreateWarehouse($name: String!, $externalId: String) {
    createWarehouse(name: $name, externalId: $externalId) {
      id
      name
    }
  }
`);

export const UploadInventoryMediaMutation = graphql(`
  mutation UploadInventoryMedia($input: UploadInventoryMediaInput!) {
    uploadInventoryMedia(input: $input) {
      id
      url
      fileName
      sortOrder
    }
  }
`);

export const ReorderInventoryMediaMutation = graphql(`
  mutation ReorderInventoryMedia($itemId: ID!, $mediaIds: [ID!]!) {
    reorderInventoryMedia(itemId: $itemId, mediaIds: $mediaIds) {
      id
      sortOrder
    }
  }
`);

export const DeleteInventoryMediaMutation = graphql(`
  mutation DeleteInventoryMedia($mediaId: ID!) {
    deleteInventoryMedia(mediaId: $mediaId) {
      isSuccess
      message
    }
  }
`);

export function useInventoryItems(variables: InventoryListVariables) {
  return useGqlQuery(InventoryItemsQuery, variables, { placeholderData: (previous) => previous });
}

export function useInventoryItem(itemId: string) {
  return useGqlQuery(InventoryItemQuery, { itemId });
}

export function useWarehouses() {
  return useGqlQuery(WarehousesQuery);
}

/** Refetch the item and every list page after a change (lists show prices, stock and photos). */
export function useRefreshInventory() {
  const client = useQueryClient();
  return useCallback(
    async (itemId?: string) => {
      await Promise.all([
        itemId ? client.invalidateQueries({ queryKey: ["InventoryItem", { itemId }] }) : Promise.resolve(),
        client.invalidateQueries({ queryKey: ["InventoryItems"] }),
        client.invalidateQueries({ queryKey: ["Warehouses"] }),
      ]);
    },
    [client],
  );
}

// An item's saves refetch the item, every list page (lists show prices, stock and the shop status)
// and the warehouses; a refusal or failure is shown once by the mutation kit (or on the form's field).
const refetchAfterSave = [InventoryItemQuery, InventoryItemsQuery, WarehousesQuery];
export const useEditInventoryItem = (o: MutationOptionsFor<typeof EditInventoryItemMutation> = {}) =>
  useGqlMutation(EditInventoryItemMutation, { invalidates: refetchAfterSave, ...o });
export const useSetInventoryItemPrices = (o: MutationOptionsFor<typeof SetInventoryItemPricesMutation> = {}) =>
  useGqlMutation(SetInventoryItemPricesMutation, { invalidates: refetchAfterSave, ...o });
export const useAdjustInventoryStock = (o: MutationOptionsFor<typeof AdjustInventoryStockMutation> = {}) =>
  useGqlMutation(AdjustInventoryStockMutation, { invalidates: refetchAfterSave, ...o });
export const useCreateWarehouse = (o: MutationOptionsFor<typeof CreateWarehouseMutation> = {}) =>
  useGqlMutation(CreateWarehouseMutation, { invalidates: refetchAfterSave, ...o });
export const useUploadInventoryMedia = () => useRawMutation(UploadInventoryMediaMutation);
export const useReorderInventoryMedia = () => useRawMutation(ReorderInventoryMediaMutation);
export const useDeleteInventoryMedia = () => useRawMutation(DeleteInventoryMediaMutation);
