/** The signed-in user (GET /api/users/current), cached until logout or company switch. */
import { createContext, useContext } from "react";
import type { Principal } from "../framework/permissions.js";
import type { CompanyDateFormat } from "../framework/dates.js";
import type { ColumnDef, ResourceDef } from "../framework/resource.js";
import { dataProvider } from "./providers/data.js";
import { i18n, setCompanyCurrency } from "./i18n/index.js";
import { notify } from "./notify.js";
import { session } from "./session.js";

export interface CurrentUser extends Principal {
  id: number;
  email: string;
  name: string;
  role: string;
  roles: { name: string }[];
  contact: { id: number; language: string };
  company: {
    id: number;
    name: string;
    currency_code: string;
    company_date_format: CompanyDateFormat;
    /** data spec 5: the payment method of a payment cannot be chosen on pay bills */
    disable_payment_method_selection?: boolean | null;
    /** each punchout supplier's provider code: whether it is enabled (docs/punchout.md) */
    punchout_integrations?: Record<string, boolean>;
    /** the company's other settings a screen follows (a column's companySetting) */
    [setting: string]: unknown;
  };
  /** the companies of the login; `portal`: a vendor there (its vendor portal), else staff */
  companies: { id: number; name: string; portal: boolean }[];
  date_accepted_term: string | null;
  /** the terms acceptance date in the company's format */
  formatted_date_accepted_term: string | null;
}

export const acceptedTermsVersion = 1;

/** A column behind a company setting shows only where that setting is on (data-spec 5: advanced two-way matching). */
export const shownInCompany = (user: Pick<CurrentUser, "company">, column: Pick<ColumnDef, "companySetting">): boolean =>
  !column.companySetting || user.company[column.companySetting] === true;

/** The fields a company's settings keep off its pages (the columns behind a setting that is off). */
export const offInCompany = (user: Pick<CurrentUser, "company">, resource: Pick<ResourceDef, "columns">): ReadonlySet<string> =>
  new Set(resource.columns.filter((c) => !shownInCompany(user, c)).map((c) => c.field));

/** Where "/" leads (product spec 2.1). */
export const homePath = (user: Pick<CurrentUser, "role">) =>
  user.role === "vendor" ? "/vendor_portal" : user.role === "rcv_manager" ? "/dashboard/receiving" : "/dashboard";

let pending: Promise<CurrentUser> | undefined;

export function fetchCurrentUser(): Promise<CurrentUser> {
  // outside React (the auth and access providers ask too): the data provider's `custom` itself
  pending ??= dataProvider.custom!<CurrentUser>({ url: "/api/users/current", method: "get", meta: { silent: true } }).then(
    ({ data }) => {
      session.setCompany(data.company.id);
      setCompanyCurrency(data.company.currency_code);
      return data;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

export function forgetCurrentUser(): void {
  pending = undefined;
}

/** POST /api/users/switch_company/{id}; the page reloads on success (product spec 2.1, 8). Resolves false on failure. */
/** Switch to another company of the login, then reload this page or go to `then`. */
export async function switchCompany(companyId: number, then?: string): Promise<boolean> {
  try {
    const { data } = await dataProvider.custom!<CurrentUser>({ url: `/api/users/switch_company/${companyId}`, method: "post", meta: { silent: true } });
    session.setCompany(data.company.id);
    if (then) window.location.assign(then);
    else window.location.reload();
    return true;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode ?? 0;
    notify("error", {
      title: i18n.t("errors.switchFailedTitle", { status, defaultValue: "Failed with error code {{status}}" }),
      message: i18n.t("errors.switchFailed", "Error occured while switching the company"),
    });
    return false;
  }
}

export const UserContext = createContext<CurrentUser | null>(null);

/** The user, inside the signed-in shell (which renders nothing until the user is loaded). */
export function useUser(): CurrentUser {
  const user = useContext(UserContext);
  if (!user) throw new Error("useUser outside the signed-in shell");
  return user;
}
