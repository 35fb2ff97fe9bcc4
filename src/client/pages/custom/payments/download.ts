/** A file of the API (bearer header needed, so fetched as a blob) saved under its name. */
import { http } from "../../../http.js";

export async function downloadFile(url: string, fileName: string): Promise<void> {
  const { data } = await http.get<Blob>(url, { responseType: "blob" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(data);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
