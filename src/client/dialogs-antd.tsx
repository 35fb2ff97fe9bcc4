/**
 * The part of dialogs.tsx that loads on demand: antd's static Modal. Its callers name the buttons in
 * the reader's language (okText, cancelText): a global `holderRender` for the locale would also take
 * over antd's static notifications, which then no longer show.
 */
import { Modal, type ModalFuncProps } from "antd";

export function open(kind: "confirm" | "info", props: ModalFuncProps): void {
  Modal[kind](props);
}
