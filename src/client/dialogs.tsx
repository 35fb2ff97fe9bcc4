/**
 * antd's confirm and info dialogs, loaded on first use: Modal and rc-dialog are not part of the first
 * load (issue 11). They render outside the app's tree: callers name their buttons (okText, cancelText).
 */
import type { ModalFuncProps } from "antd";

const load = () => import("./dialogs-antd.js");

export const modal = {
  confirm: (props: ModalFuncProps) => void load().then(({ open }) => open("confirm", props)),
  info: (props: ModalFuncProps) => void load().then(({ open }) => open("info", props)),
};
