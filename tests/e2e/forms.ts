/** Filling the generated forms and answering the confirm dialog, as a person does in the browser. */
import type { Page } from "playwright";

/** Choose `option` in the select labelled `label`, typing `search` first (default: the option's text). */
export async function chooseOption(page: Page, label: string, option: string, search = option): Promise<void> {
  const select = page.getByRole("combobox", { name: label, exact: true });
  // a select showing a value: that value covers its input
  await select.click({ force: true });
  if (search) await select.fill(search);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).first().click();
}

/** Type a date into the date field labelled `label` and leave it. */
export async function typeDate(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press("Tab");
}

/** Answer OK to the confirm dialog saying `text`. */
export async function confirmDialog(page: Page, text: string | RegExp): Promise<void> {
  const dialog = page.locator(".ant-modal-confirm", { hasText: text });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "OK" }).click();
}
