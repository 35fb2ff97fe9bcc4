import dataProviderFor from "@refinedev/simple-rest";
import { apiUrl, http } from "../http.js";

export const dataProvider = dataProviderFor(apiUrl, http);
