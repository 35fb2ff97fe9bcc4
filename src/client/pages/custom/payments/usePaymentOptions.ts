/**
 * What the pay-bills rows on screen can choose from: the vendors' active payment methods, the
 * company's originating accounts, and the vendors' AVAILABLE credits — one request each per page.
 */
import { useMemo } from "react";
import { useList, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";

export interface PaymentMethodOption {
  id: number;
  name: string;
  payment_type: string;
  vendor_id: number | null;
  currency_code: string | null;
  is_default: boolean;
}

export interface CreditOption {
  id: number;
  vendor_id: number;
  payment_number: string;
  currency_code: string;
  balance: string;
}

export interface PaymentOptions {
  methodsOf: (vendorId: number) => PaymentMethodOption[];
  /** the method a payment uses unless another is chosen: the chosen one, else the vendor's default */
  methodOf: (vendorId: number, chosen?: number | null) => PaymentMethodOption | undefined;
  accounts: PaymentMethodOption[];
  accountOf: (chosen?: number | null) => PaymentMethodOption | undefined;
  creditsOf: (vendorId: number, currency: string) => CreditOption[];
  loading: boolean;
}

const pageLimit = 1000;

/**
 * Choices a screen only offers (no error notification: a list closed to the user offers none); the
 * last answer stays until the next one arrives; `enabled` false reads nothing.
 */
function useOptions<T extends BaseRecord>(resource: string, filters: CrudFilter[], sorters: CrudSort[], enabled = true) {
  const { result, query } = useList<T>({
    resource, filters, sorters,
    pagination: { currentPage: 1, pageSize: pageLimit },
    meta: { silent: true },
    errorNotification: false,
    queryOptions: { enabled, placeholderData: (previous) => previous },
  });
  return { data: enabled ? result.data : undefined, loading: enabled && query.isLoading };
}

export function usePaymentOptions(vendorIds: readonly number[]): PaymentOptions {
  const ids = [...new Set(vendorIds)].sort((a, b) => a - b);
  const ofVendors: CrudFilter = { field: "vendor_id", operator: "in", value: ids };
  const methods = useOptions<PaymentMethodOption & BaseRecord>("payment_methods", [
    { field: "owner_type", operator: "eq", value: "Vendor" }, { field: "status", operator: "eq", value: "ACTIVE" }, ofVendors,
  ], [], ids.length > 0);
  const accounts = useOptions<PaymentMethodOption & BaseRecord>("payment_methods", [
    { field: "owner_type", operator: "eq", value: "Company" }, { field: "status", operator: "eq", value: "ACTIVE" },
  ], [{ field: "name", order: "asc" }]);
  const credits = useOptions<CreditOption & BaseRecord>("vendor_credits", [
    { field: "status", operator: "eq", value: "AVAILABLE" }, { field: "balance", operator: "gte", value: "0.01" }, ofVendors,
  ], [{ field: "payment_date", order: "asc" }], ids.length > 0);

  return useMemo(() => {
    const methodsOf = (vendorId: number) => (methods.data ?? []).filter((m) => m.vendor_id === vendorId);
    const byDefault = (options: PaymentMethodOption[], chosen?: number | null) =>
      options.find((m) => m.id === chosen) ?? options.find((m) => m.is_default) ?? (options.length === 1 ? options[0] : undefined);
    return {
      methodsOf,
      methodOf: (vendorId, chosen) => byDefault(methodsOf(vendorId), chosen),
      accounts: accounts.data ?? [],
      accountOf: (chosen) => byDefault(accounts.data ?? [], chosen),
      creditsOf: (vendorId, currency) => (credits.data ?? []).filter((c) => c.vendor_id === vendorId && c.currency_code === currency),
      loading: methods.loading || accounts.loading || credits.loading,
    };
  }, [methods.data, methods.loading, accounts.data, accounts.loading, credits.data, credits.loading]);
}
