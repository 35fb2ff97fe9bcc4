/**
 * /settings: the current company's settings, edited with the companies resource form
 * (PATCH /api/companies/{id}). Read-only for a user who may read but not change them; after a save
 * the signed-in user is reloaded so that formats and flags apply at once.
 */
import { useCan, useInvalidateAuthStore, useTranslation } from "@refinedev/core";
import companies from "../../../../resources/companies.js";
import FormPage from "../FormPage.js";
import { forgetCurrentUser, useUser } from "../../user.js";
import type { CustomPageProps } from "./index.js";
import { useResources } from "../../declarations.js";

export default function CompanySettings({ page }: CustomPageProps) {
  // the texts (and declarations) of the resources it shows
  useResources(["companies"]);
  const user = useUser();
  const { translate } = useTranslation();
  const editable = useCan({ resource: companies.name, action: "edit" }).data?.can === true;
  const invalidate = useInvalidateAuthStore();
  return (
    <FormPage resource={companies} mode="edit" id={user.company.id} title={translate(page.title, page.title)}
      readOnly={!editable}
      onSaved={() => {
        forgetCurrentUser();
        void invalidate();
      }} />
  );
}
