/** "1 device", "12 devices": a count and its noun, for the pages' sentences. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
