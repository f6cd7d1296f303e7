// How a whole number typed as text (a query parameter, a CLI option) is read: decimal digits only.
// Number() also takes "0x2", "0b10", " 2", "+2", "2.0" and "1e0". A minus sign is let through, so
// that -1 is told the minimum rather than that it is no number.
export const DECIMAL_INTEGER = /^-?[0-9]+$/;
