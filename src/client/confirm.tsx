/** The generic confirm dialog (product spec 2.17): title Confirm, OK and Cancel, OK focused. */
import { useTranslation } from "@refinedev/core";
import { modal } from "./dialogs.js";

export function useConfirm(): (content: string) => Promise<boolean> {
  const { translate } = useTranslation();
  return (content) =>
    new Promise((resolve) => {
      modal.confirm({
        title: translate("confirm.title", "Confirm"),
        content,
        okText: translate("actions.ok", "OK"),
        cancelText: translate("actions.cancel", "Cancel"),
        autoFocusButton: "ok",
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
}
