/**
 * The browser session: tokens and the URL to return to after login (localStorage); the current company
 * per tab (sessionStorage, the last chosen one in localStorage for a new tab), so that a tab opened on
 * the vendor portal of another company leaves the staff tab on its own.
 */
const keys = {
  access: "outlay.accessToken",
  refresh: "outlay.refreshToken",
  company: "outlay.companyId",
  redirect: "outlay.redirectTo",
} as const;

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export const session = {
  accessToken: () => localStorage.getItem(keys.access),
  refreshToken: () => localStorage.getItem(keys.refresh),
  companyId: () => sessionStorage.getItem(keys.company) ?? localStorage.getItem(keys.company),

  signIn(tokens: Tokens): void {
    localStorage.setItem(keys.access, tokens.access_token);
    localStorage.setItem(keys.refresh, tokens.refresh_token);
  },

  setCompany(id: number): void {
    sessionStorage.setItem(keys.company, String(id));
    localStorage.setItem(keys.company, String(id));
  },

  clear(): void {
    for (const key of [keys.access, keys.refresh, keys.company]) localStorage.removeItem(key);
    sessionStorage.removeItem(keys.company);
  },

  /** Remember where to go after login (never the login page itself). */
  rememberLocation(url: string): void {
    if (!url.startsWith("/login") && !url.startsWith("/logout")) localStorage.setItem(keys.redirect, url);
  },

  takeRedirect(): string {
    const url = localStorage.getItem(keys.redirect) ?? "/";
    localStorage.removeItem(keys.redirect);
    return url;
  },
};

export const currentLocation = () => `${window.location.pathname}${window.location.search}`;
