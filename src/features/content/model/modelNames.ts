/** Model and program names as the older gallery route and the unlock flags spell them. */

/** 'Flying Chairs' -> 'FlyingChairs': the key of a model's unlock flag and image folder. */
export const modelKey = (title: string): string => title.replace(/\s+/g, '');

/** Loose comparison of names typed in URLs: spaces, case and URL encoding ignored. */
export const sameName = (a: string, b: string): boolean => modelKey(a).toLowerCase() === modelKey(b).toLowerCase();

/** A path segment that is a positive whole number. */
export const isNumericSegment = (value: string | undefined): value is string => value !== undefined && /^\d+$/.test(value);
