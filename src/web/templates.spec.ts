import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldAria, partials, TEMPLATE_ROOT, templateEngine } from './templates';

/** A template rendered with the pages' engine and partials, at `@root.csrfToken` "t0k". */
function render(template: string, model: Record<string, unknown> = {}): string {
  const engine = templateEngine();
  for (const [name, path] of Object.entries(partials())) {
    engine.registerPartial(name, readFileSync(join(TEMPLATE_ROOT, path), 'utf8'));
  }
  return engine.compile(template)({ csrfToken: 't0k', ...model });
}

const squeezed = (html: string) => html.replace(/\s+/g, ' ').trim();

describe('the pages partials', () => {
  it('put the session CSRF token in a form, also from a loop', () => {
    expect(render('{{#each rows}}{{> csrf}}{{/each}}', { rows: [1] })).toBe(
      '<input type="hidden" name="_csrf" value="t0k">\n',
    );
  });

  it('ask before a post: what it does, then one form with one CSRF field', () => {
    const html = render(
      '{{#> confirm ask="Delete" action=(concat "/x/" id "/delete") yes=(concat "Yes, delete " id)}}<p>Gone.</p>{{/confirm}}',
      { id: 7 },
    );
    expect(squeezed(html)).toBe(
      '<details class="confirm"> <summary class="button danger">Delete</summary> ' +
        '<form method="post" action="/x/7/delete"> <input type="hidden" name="_csrf" value="t0k"> ' +
        '<p>Gone.</p> <button type="submit" class="danger">Yes, delete 7</button> </form> </details>',
    );
  });

  it('show a table, or its empty state', () => {
    const table =
      '{{#> table rows=rows labelledBy="c" caption="Things" empty="None."}}<tr></tr>{{/table}}';
    expect(squeezed(render(table, { rows: [1] }))).toBe(
      '<div class="table-scroll" tabindex="0" role="region" aria-labelledby="c"> <table> ' +
        '<caption id="c" class="visually-hidden">Things</caption> <tr></tr></table> </div>',
    );
    expect(squeezed(render(table, { rows: [] }))).toBe('<p class="empty">None.</p>');
  });

  it("show a field's refusal beside it, and a form's above it", () => {
    const errors = { messages: ['a bad', 'b bad'], byField: { a: ['a bad', 'a worse'] } };
    expect(render('{{> field-error id="a" messages=errors.byField.a}}', { errors })).toBe(
      '<p class="error" id="a-error">a bad; a worse</p>\n',
    );
    expect(squeezed(render('{{> field-error id="b" messages=errors.byField.b}}', { errors }))).toBe(
      '',
    );
    expect(squeezed(render('{{> form-refused what="thing"}}', { errors }))).toBe(
      '<div class="error-summary" role="alert" id="form-error"> ' +
        '<strong>The thing was not saved:</strong> a bad, b bad </div>',
    );
  });
});

describe('fieldAria', () => {
  it('ties an input to its hint and its refusal', () => {
    expect(fieldAria('a', undefined, false)).toBe('');
    expect(fieldAria('a', ['no'], false)).toBe(' aria-invalid="true" aria-describedby="a-error"');
    expect(fieldAria('a', [], true)).toBe(' aria-describedby="a-hint"');
    expect(fieldAria('a', ['no'], true)).toBe(
      ' aria-describedby="a-hint a-error" aria-invalid="true"',
    );
  });
});
