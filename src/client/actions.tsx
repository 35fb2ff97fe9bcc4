/** Row actions (show, edit, duplicate, delete) of a record, shown by permission and condition; shared by list and show pages. */
import { useDelete, useTranslation } from "@refinedev/core";
import { Button, Space } from "antd";
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import type { ResourceDef, RowAction } from "../framework/resource.js";
import { useConfirm } from "./confirm.js";
import type { Row } from "./format.js";
import { pathFor, rowActionsFor } from "./registry.js";
import { useUser } from "./user.js";

interface Props {
  resource: ResourceDef;
  row: Row;
  size?: "small" | "middle";
  /** which actions to offer (the show page leaves out "show") */
  only?: readonly RowAction["action"][];
  onDeleted?: () => void;
}

export function RowActions({ resource, row, size = "middle", only = ["show", "edit", "duplicate", "delete"], onDeleted }: Props) {
  const user = useUser();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { translate } = useTranslation();
  const { mutate: remove } = useDelete();
  const id = row.id as string | number;

  async function destroy(action: RowAction) {
    const question = action.confirm
      ? translate(action.confirm, row, action.confirm)
      : translate("confirm.delete", "Are you sure you want to delete this record?");
    if (!(await confirm(question))) return;
    remove(
      {
        resource: resource.name,
        id,
        successNotification: { type: "success", message: translate("notices.deleted", "Deleted") },
        errorNotification: false,
      },
      { onSuccess: onDeleted },
    );
  }

  // in a grid row (25 px, data spec 9) the buttons sit within the text line
  const style = size === "small" ? { height: 22 } : undefined;
  const buttons = rowActionsFor(resource, user, row).filter((a) => only.includes(a.action)).map((action) => {
    switch (action.action) {
      case "show":
        return <Button key="show" size={size} style={style} icon={<EyeOutlined />} onClick={() => navigate(pathFor(resource.routes.show!, id, row))}>
          {translate("actions.show", "Show")}
        </Button>;
      case "edit":
        return <Button key="edit" size={size} style={style} icon={<EditOutlined />} onClick={() => navigate(pathFor(resource.routes.edit!, id, row))}>
          {translate("actions.edit", "Edit")}
        </Button>;
      case "duplicate":
        return <Button key="duplicate" size={size} style={style} icon={<CopyOutlined />} onClick={() => navigate(pathFor(resource.routes.duplicate!, id, row))}>
          {translate("actions.duplicate", "Duplicate")}
        </Button>;
      case "delete":
        return <Button key="delete" size={size} style={style} danger icon={<DeleteOutlined />} onClick={() => void destroy(action)}>
          {translate("actions.delete", "Delete")}
        </Button>;
    }
  });
  return buttons.length ? <Space size="small">{buttons}</Space> : null;
}
