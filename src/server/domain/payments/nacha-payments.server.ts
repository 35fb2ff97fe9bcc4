/** The server side of nacha_payments: its hooks (payments.ts) and the file's download and its record (runs/nacha-download.ts). */
import nachaPayments from "../../../../resources/nacha_payments.js";
import { defineServerModule } from "../../resources/modules.js";
import { nachaPaymentHooks } from "./payments.js";
import { markNachaDownloaded, readNacha } from "./runs/nacha-download.js";

export default defineServerModule(nachaPayments, { hooks: nachaPaymentHooks, actions: { file: readNacha, downloaded: markNachaDownloaded } });
