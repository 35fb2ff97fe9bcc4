/** The browser session: tokens, current company and the URL to return to after login (localStorage). */
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
  companyId: () => localStorage.getItem(keys.company),

  signIn(tokens: Tokens): void {
    localStorage.setItem(keys.access, tokens.access_token);
    localStorage.setItem(keys.refresh, tokens.refresh_token);
  },

  setCompany(id: number): void {
    localStorage.setItem(keys.company, String(id));
  },

  clear(): void {
    for (const key of [keys.access, keys.refresh, keys.company]) localStorage.removeItem(key);
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
