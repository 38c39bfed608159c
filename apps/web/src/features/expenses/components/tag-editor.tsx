import { useEffect, useId, useRef, useState } from 'react';
import { XIcon } from '@/components/ui/icons';
import { useTagSuggestions } from '@/lib/queries/search-tags';
import { addTag, MAX_TAGS, MAX_TAGS_MESSAGE } from '../utils/expense-display';

/** Suggestions close this long after the input loses focus, so a click on one still lands. */
const BLUR_DELAY_MS = 200;

type TagEditorProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
};

/**
 * Tags of an expense: chips with a remove button, an input that adds on Enter or comma, and
 * suggestions (popular ones while empty, matches while typing). Trimmed, no duplicates, at
 * most 5 ('Maximum 5 tags reached').
 */
export function TagEditor({ tags, onChange, disabled = false }: TagEditorProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  /** The suggestion ↓ and ↑ point at; Enter adds it instead of the typed text. */
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const inputId = useId();
  const full = tags.length >= MAX_TAGS;

  // Ask the server a moment after the last keystroke, not on every one.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), 150);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const suggestions = useTagSuggestions({ q: query, queryConfig: { enabled: open && !full } });
  const choices = (suggestions.data ?? []).filter(
    (tag) => !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase()),
  );

  const add = (value: string) => {
    const next = addTag(tags, value);
    if (next.length !== tags.length) onChange(next);
    setText('');
    setActive(-1);
  };
  const listShown = open && choices.length > 0;
  const activeChoice = listShown ? choices[active] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="tag-editor">
      <label className="field__label" htmlFor={inputId}>
        Tags
      </label>
      <ul className="tag-editor__chips" aria-label="Tags of this expense">
        {tags.map((tag) => (
          <li key={tag} className="chip">
            {tag}
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove tag ${tag}`}
              disabled={disabled}
              onClick={() => onChange(tags.filter((existing) => existing !== tag))}
            >
              <XIcon width={12} height={12} />
            </button>
          </li>
        ))}
      </ul>
      {full ? (
        <p className="tag-editor__limit" role="status">
          {MAX_TAGS_MESSAGE}
        </p>
      ) : (
        <div className="tag-editor__input-wrap">
          <input
            id={inputId}
            className="input"
            value={text}
            placeholder="Add a tag"
            autoComplete="off"
            disabled={disabled}
            role="combobox"
            aria-expanded={listShown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeChoice ? optionId(active) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => {
              clearTimeout(blurTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              blurTimer.current = setTimeout(() => setOpen(false), BLUR_DELAY_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                setOpen(true);
                const step = event.key === 'ArrowDown' ? 1 : -1;
                setActive((current) =>
                  choices.length === 0 ? -1 : (current + step + choices.length) % choices.length,
                );
              } else if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                add(event.key === 'Enter' && activeChoice ? activeChoice : text);
              } else if (event.key === 'Escape' && listShown) {
                // Escape closes the innermost thing only: the list, not the form around it.
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
                setActive(-1);
              }
            }}
          />
          {listShown ? (
            <ul
              id={listId}
              role="listbox"
              className="tag-editor__suggestions"
              aria-label="Suggestions"
            >
              {choices.map((tag, index) => (
                <li
                  key={tag}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={
                    index === active
                      ? 'tag-editor__suggestion tag-editor__suggestion--active'
                      : 'tag-editor__suggestion'
                  }
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => add(tag)}
                >
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </div>
  );
}
