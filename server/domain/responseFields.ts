/**
 * WordPress's `_fields` (rest_filter_response_fields): an answer limited to the fields asked for.
 * "title" keeps the whole field, "metadata.order" only that key of it; a name the item does not
 * have is left out, and so is the item's rest.
 */

/** The asked fields as WordPress reads them: a comma list or an array of names, blanks dropped. */
export type FieldList = readonly string[];

interface FieldTree {
  [name: string]: FieldTree | true;
}

function treeOf(fields: FieldList): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    let branch = tree;
    const parts = field.split('.');
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const held = branch[part];
      if (held === true) return; // an enclosing field is kept whole already
      if (last) branch[part] = true;
      else branch = branch[part] = held ?? {};
    });
  }
  return tree;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [name, branch] of Object.entries(tree)) {
    if (!Object.hasOwn(source, name)) continue;
    kept[name] = branch === true ? source[name] : pick(source[name], branch);
  }
  return kept;
}

/** The item with only the asked fields; every field when none is asked. */
export function keepFields<T>(item: T, fields: FieldList | undefined): T | Partial<T> {
  if (!fields || fields.length === 0) return item;
  return pick(item, treeOf(fields)) as Partial<T>;
}
