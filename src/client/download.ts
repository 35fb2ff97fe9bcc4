/** Files of the API (bearer header needed, so fetched as blobs) saved under their names. */
import { http } from "./http.js";

export function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export async function downloadFile(url: string, fileName: string): Promise<void> {
  const { data } = await http.get<Blob>(url, { responseType: "blob" });
  saveBlob(data, fileName);
}
