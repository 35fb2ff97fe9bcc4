/**
 * What the pay-bills rows on screen can choose from: the vendors' active payment methods, the
 * company's originating accounts, and the vendors' AVAILABLE credits — one request each per page.
 */
import { useMemo } from "react";
import { anyOf, useApi } from "./useApi.js";

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

export function usePaymentOptions(vendorIds: readonly number[]): PaymentOptions {
  const ids = [...new Set(vendorIds)].sort((a, b) => a - b);
  const vendorQuery = ids.length ? anyOf("vendor_id", ids) : null;
  const methods = useApi<PaymentMethodOption[]>(vendorQuery && `/api/payment_methods?owner_type=Vendor&status=ACTIVE&${vendorQuery}&_end=${pageLimit}`);
  const accounts = useApi<PaymentMethodOption[]>(`/api/payment_methods?owner_type=Company&status=ACTIVE&_sort=name&_order=asc&_end=${pageLimit}`);
  const credits = useApi<CreditOption[]>(vendorQuery && `/api/vendor_credits?status=AVAILABLE&balance_gte=0.01&${vendorQuery}&_sort=payment_date&_order=asc&_end=${pageLimit}`);

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
