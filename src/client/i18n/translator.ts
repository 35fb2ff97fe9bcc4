/** The app's i18next instance, English in place (the shell's part of locales/en.json in the build: scripts/locale-split.ts). */
import en from "../../../locales/en.json";
import { createI18n } from "../../framework/i18n.js";

export const english = en;
export const i18n = createI18n(en);
