/** Word lists for the demo data. */
export const vendorWords = [
  "Northwind", "Contoso", "Fabrikam", "Tailspin", "Wingtip", "Adventure", "Litware", "Proseware", "Lucerne", "Margie",
  "Alpine", "Blue Yonder", "Coho", "Fourth Coffee", "Graphic", "Humongous", "Lamna", "Consolidated", "Trey", "Woodgrove",
  "Wide World", "Southridge", "Datum", "Relecloud", "VanArsdel", "Bellows", "Pinecrest", "Summit", "Harbor", "Redwood",
];
export const vendorKinds = [
  "Supplies", "Logistics", "Software", "Consulting", "Office Products", "Facilities", "Electric", "Catering", "Print", "Telecom",
];
export const firstNames = ["Ava", "Ben", "Chloe", "Diego", "Emma", "Farid", "Grace", "Hiro", "Isla", "Jonas", "Kira", "Liam", "Maya", "Noah", "Olga", "Priya"];
export const lastNames = ["Adams", "Baker", "Chen", "Dubois", "Evans", "Fischer", "Garcia", "Hughes", "Ivanova", "Jensen", "Khan", "Lopez", "Moreau", "Novak"];
export const departments = ["Finance", "Operations", "Marketing", "Engineering", "Sales", "HR"];
export const expenseAccounts = ["6000", "6100", "6200", "6300", "6400", "6500", "6600"];
export const poLines = ["Laptops", "Office chairs", "Printer toner", "Consulting hours", "Cloud subscription", "Cleaning service", "Catering", "Shipping", "Desk lamps", "Software licences"];
