/** rjsf's button adding an item to a list field (GL coding), in words: antd's theme draws a wide blue bar with only an icon. */
import { useTranslation } from "@refinedev/core";
import { Button } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import type { IconButtonProps } from "@rjsf/utils";

function AddButton({ onClick, disabled }: IconButtonProps) {
  const { translate } = useTranslation();
  return <Button icon={<PlusOutlined />} onClick={onClick} disabled={disabled}>{translate("forms.addItem", "Add entry")}</Button>;
}

/** The generated forms' templates (FormPage, an action's input dialog). */
export const formTemplates = { ButtonTemplates: { AddButton } };
