/** The app's translator, English in place (the shell's part of locales/en.json in the build: scripts/locale-split.ts). */
import en from "../../../locales/en.json";
import { Translator } from "../../framework/translator.js";

export const english = en;
export const i18n = new Translator(en);
