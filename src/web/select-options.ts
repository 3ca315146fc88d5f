/** An option of a select (`options` and `filter` partials). */
export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

/** The options of a select, the one of `value` selected. */
export const options = (
  choices: readonly { value: string; label: string }[],
  value: string | undefined,
): Option[] => choices.map((choice) => ({ ...choice, selected: choice.value === value }));
