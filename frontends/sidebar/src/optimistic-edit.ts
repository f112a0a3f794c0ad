/**
 * docs/product-spec.md §4 "Optimistic edits": the list changes first and is put back if the call fails, with the alert's text.
 * Resolves with whether the call succeeded.
 */
export async function optimisticEdit<T>(options: {
  update: (change: (items: T[]) => T[]) => void;
  change: (items: T[]) => T[];
  call: () => Promise<unknown>;
  alert: (message: string) => Promise<void> | void;
  failure: string;
}): Promise<boolean> {
  let before: T[] = [];
  options.update((items) => {
    before = items;
    return options.change(items);
  });
  try {
    await options.call();
    return true;
  } catch (error) {
    console.warn('[cairn/sidebar] an edit failed and was undone', error);
    options.update(() => before);
    await options.alert(options.failure);
    return false;
  }
}
