// Props every form field of these pages shares, so each field is found by exactly its label.

/**
 * For every Select and MultiSelect: Mantine keeps a closed dropdown's listbox in the page,
 * labelled by the input's label, so "the field labelled Role" would name two elements.
 */
export const CLOSED_DROPDOWN_UNMOUNTED = { withinPortal: true, keepMounted: false } as const;

/** Required, without Mantine's asterisk, which would join the label's text ("Name *"). Optional
 * fields say instead what leaving them empty means. */
export const REQUIRED_FIELD = { required: true, withAsterisk: false } as const;
