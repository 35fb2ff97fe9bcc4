/** A multipart/form-data body as a browser sends it (fields first, then the file), for app.inject. */
export async function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.content)], { type: file.type ?? "application/octet-stream" }), file.name);
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { "content-type": body.headers.get("content-type")! } };
}
