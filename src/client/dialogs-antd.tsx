/** The part of dialogs.tsx that loads on demand: antd's static Modal under the app's locale. */
import { ConfigProvider, Modal, type ModalFuncProps } from "antd";
import type { Locale } from "antd/es/locale";

export function open(kind: "confirm" | "info", props: ModalFuncProps, locale: Locale): void {
  ConfigProvider.config({ holderRender: (children) => <ConfigProvider locale={locale}>{children}</ConfigProvider> });
  Modal[kind](props);
}
