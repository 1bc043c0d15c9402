/**
 * The host's hotkeys on the moderator's control page (docs/decisions/results-exports.md, "Hotkeys"):
 * N next question, 1 to 5 the countdown presets, E end the question, P publish the points, ? the list.
 * A key runs the very function its button's onClick runs (useHotkey), so it sends the same command.
 * Never while typing in a field, never with Ctrl, Alt or Cmd, never while a dialog is open, never
 * repeated by holding the key down; the host can turn them off in the list (kept in this browser).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { t } from '../../texts/operator';
import { COUNTDOWN_PRESETS } from './countdownPresets';

export const HOTKEYS = { next: 'n', end: 'e', publish: 'p', help: '?' } as const;
/** The key of the countdown preset at `index` of COUNTDOWN_PRESETS: 1, 2, … */
export const countdownKey = (index: number): string => String(index + 1);

/** Where a key press types text: a form field or an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** What the hotkeys read of a key press (a KeyboardEvent). */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat: boolean;
  readonly isComposing: boolean;
  readonly target: EventTarget | null;
}

/**
 * The hotkey a key press means, or null. `?` needs Shift on most layouts, so Shift is allowed for it
 * alone; a letter counts in either case only without Shift (Caps Lock on still works).
 */
export function hotkeyOf(press: KeyPress): string | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.repeat || press.isComposing) return null;
  if (isTypingTarget(press.target)) return null;
  if (press.key === HOTKEYS.help) return HOTKEYS.help;
  if (press.shiftKey || press.key.length !== 1) return null;
  return press.key.toLowerCase();
}

type Registry = Map<string, { current: () => void }>;
interface HotkeyScopeValue {
  registry: Registry;
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}
const HotkeyContext = createContext<HotkeyScopeValue | null>(null);

/** Where the host's choice to turn the hotkeys off is kept (WCAG 2.1.4: single-key shortcuts can be turned off). */
const STORAGE_KEY = 'control-hotkeys';

function storedEnabled(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The page whose buttons bind hotkeys: one key listener for all of them, and the switch that turns them off. */
export function HotkeyScope({ children }: { children: ReactNode }) {
  const [registry] = useState<Registry>(() => new Map());
  const [enabled, setEnabledState] = useState(storedEnabled);
  const setEnabled = useCallback((value: boolean) => {
    setEnabledState(value);
    try {
      window.localStorage.setItem(STORAGE_KEY, value ? 'on' : 'off');
    } catch {
      /* kept for this page only */
    }
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const key = hotkeyOf(event);
      // Turned off, only `?` still opens the list, where they are turned on again.
      if (key === null || (!enabled && key !== HOTKEYS.help)) return;
      const action = registry.get(key);
      if (!action) return;
      event.preventDefault();
      action.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [registry, enabled]);
  const value = useMemo(() => ({ registry, enabled, setEnabled }), [registry, enabled, setEnabled]);
  return <HotkeyContext.Provider value={value}>{children}</HotkeyContext.Provider>;
}

/** Binds `key` to a button's action: the key runs the function the button's onClick runs (its latest version). */
export function useHotkey(key: string, action: () => void): void {
  const registry = useContext(HotkeyContext)?.registry ?? null;
  const ref = useRef(action);
  useEffect(() => {
    ref.current = action;
  });
  useEffect(() => {
    if (!registry) return undefined;
    registry.set(key, ref);
    return () => {
      if (registry.get(key) === ref) registry.delete(key);
    };
  }, [registry, key]);
}

/** The key as a button shows it; screen readers get it from the button's aria-keyshortcuts instead. */
export function Kbd({ hotkey }: { hotkey: string }) {
  return (
    <kbd className="kbd" aria-hidden="true">
      {hotkey.toUpperCase()}
    </kbd>
  );
}

/** The aria-keyshortcuts value of a hotkey. */
export function keyShortcut(hotkey: string): string {
  return hotkey === HOTKEYS.help ? 'Shift+?' : hotkey.toUpperCase();
}

/** Every hotkey with what it does, as the list shows them. */
export function hotkeyList(): Array<[string, string]> {
  return [
    [HOTKEYS.next, t.hotkeys.next],
    ...COUNTDOWN_PRESETS.map((seconds, i): [string, string] => [countdownKey(i), t.hotkeys.countdown(seconds)]),
    [HOTKEYS.end, t.hotkeys.end],
    [HOTKEYS.publish, t.hotkeys.publish],
    [HOTKEYS.help, t.hotkeys.help],
  ];
}

/** The `?` button and the dialog listing the hotkeys; `?` opens it too. */
export function HotkeyList() {
  const [open, setOpen] = useState(false);
  const scope = useContext(HotkeyContext);
  const show = () => setOpen(true);
  useHotkey(HOTKEYS.help, show);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-keyshortcuts={keyShortcut(HOTKEYS.help)}
        aria-haspopup="dialog"
        onClick={show}
      >
        {t.hotkeys.listButton}
        <Kbd hotkey={HOTKEYS.help} />
      </button>
      <Modal
        open={open}
        title={t.hotkeys.listTitle}
        onClose={close}
        footer={
          <button type="button" className="button" onClick={close}>
            {t.hotkeys.close}
          </button>
        }
      >
        <p>{t.hotkeys.listIntro}</p>
        {scope && (
          <label className="checkbox checkbox--wrap">
            <input type="checkbox" checked={scope.enabled} onChange={(e) => scope.setEnabled(e.target.checked)} />{' '}
            {t.hotkeys.enabled}
          </label>
        )}
        <table className="table hotkey-list">
          <thead>
            <tr>
              <th scope="col">{t.hotkeys.colKey}</th>
              <th scope="col">{t.hotkeys.colAction}</th>
            </tr>
          </thead>
          <tbody>
            {hotkeyList().map(([key, action]) => (
              <tr key={key}>
                <th scope="row">
                  <kbd className="kbd">{key.toUpperCase()}</kbd>
                </th>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}
