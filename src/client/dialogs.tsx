/**
 * antd's confirm and info dialogs, loaded on first use: Modal and rc-dialog are not part of the first
 * load (issue 11). The static dialogs render outside the app's tree, so they get its locale here.
 */
import type { ModalFuncProps } from "antd";
import { antdLocale } from "./i18n/index.js";

const load = () => import("./dialogs-antd.js");

export const modal = {
  confirm: (props: ModalFuncProps) => void load().then(({ open }) => open("confirm", props, antdLocale())),
  info: (props: ModalFuncProps) => void load().then(({ open }) => open("info", props, antdLocale())),
};
