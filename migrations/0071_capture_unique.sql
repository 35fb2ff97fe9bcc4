-- Invoice capture (docs/capture.md): one e-mail is taken once per company, whichever process or way
-- (SMTP, IMAP) it arrives by; one settings row per company; one learned layout per vendor and layout.
CREATE UNIQUE INDEX "capture_messages_message_id_key" ON "capture_messages" ("company_id", "message_id");
CREATE UNIQUE INDEX "capture_settings_company_key" ON "capture_settings" ("company_id");
DROP INDEX "capture_layouts_company_id_vendor_id_layout_key_idx";
CREATE UNIQUE INDEX "capture_layouts_vendor_layout_key" ON "capture_layouts" ("company_id", "vendor_id", "layout_key");
