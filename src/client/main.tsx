import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App, startSignedIn } from "./App.js";
import { resetOldLayouts } from "./grid/layout.js";
import { i18n, ready } from "./i18n/index.js";

startSignedIn(window.location.pathname);
resetOldLayouts();
document.documentElement.lang = i18n.language;
i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
});

// a stored language other than English loads before the first paint, so no English flashes
void ready.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      {/* i18next bound to React: a language change renders the app again (i18n/index.ts useLanguage) */}
      <I18nextProvider i18n={i18n}>
        <App />
      </I18nextProvider>
    </StrictMode>,
  ));
