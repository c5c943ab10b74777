// Active ISO 4217 alphabetic currency codes, used to validate billing currencies.
//
// Owns: the code table and the membership check. Pure data and one function: no I/O, no clock.
//
// Contents: ISO 4217 "list one" (current currencies and funds) as reviewed in November 2026,
// including the funds codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), precious metals
// (XAG, XAU, XPD, XPT) and the supranational units (XDR, XSU, XUA). Left out on purpose:
// XXX (no currency) and XTS (reserved for testing), which can never be billed in.
// Withdrawn codes are absent: HRK (2023, euro), SLL (2024, replaced by SLE), ZWL (2024, replaced
// by ZWG), ANG (2025, replaced by XCG), BGN (2026, euro), CUC, VEF and older ones.
// Codes are upper case only; lookups are exact (no case folding, no trimming).

/** Every active code, sorted, upper case, three letters. */
// biome-ignore format: a dense table reads better than one code per line
export const ACTIVE_CURRENCY_CODES: readonly string[] = Object.freeze([
  "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BHD",
  "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF",
  "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK", "DJF",
  "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP",
  "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR",
  "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT",
  "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP",
  "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR",
  "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB",
  "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN",
  "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH",
  "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST", "XAF",
  "XAG", "XAU", "XCD", "XCG", "XDR", "XOF", "XPD", "XPF", "XPT", "XSU", "XUA", "YER", "ZAR",
  "ZMW", "ZWG",
]);

const ACTIVE = new Set<string>(ACTIVE_CURRENCY_CODES);

/** Whether `code` is exactly one of the active codes (upper case, no surrounding spaces). */
export function isActiveCurrencyCode(code: string): boolean {
  return ACTIVE.has(code);
}
