import { useEffect, useState } from 'react';

/**
 * The course outline's open parts: the sections open (the selected lesson's module; every matching module while
 * searching), the phone's folded content list (opened to show search results), and a module just added, opened with
 * its 'Add lesson' button scrolled into view once the course has reloaded.
 */
export function useOutlineSections(
  selectedModuleId: number | null,
  urlSearch: string,
  searchedModules: readonly { id: number }[] | undefined,
) {
  const [expanded, setExpanded] = useState<Set<number>>(
    () => new Set(selectedModuleId !== null ? [selectedModuleId] : []),
  );
  useEffect(() => {
    if (urlSearch && searchedModules) setExpanded(new Set(searchedModules.map((m) => m.id)));
  }, [urlSearch, searchedModules]);
  const toggle = (id: number, open: boolean) =>
    setExpanded((current) => {
      const copy = new Set(current);
      if (open) copy.add(id);
      else copy.delete(id);
      return copy;
    });

  const [contentOpen, setContentOpen] = useState(false);
  useEffect(() => {
    if (urlSearch) setContentOpen(true);
  }, [urlSearch]);

  const [revealed, setRevealed] = useState<number | null>(null);
  const revealModule = (id: number) => {
    toggle(id, true);
    setContentOpen(true);
    setRevealed(id);
  };
  useEffect(() => {
    if (revealed === null) return;
    const button = document.getElementById(`module-${revealed}-add-lesson`);
    if (!button) return;
    setRevealed(null);
    // Once the parts that hold it have slid open (components/Disclosure: CSS transitions, started by the layout read
    // below): scrolled to mid-slide, it would end up below the screen.
    button.getBoundingClientRect();
    const sliding = document
      .getAnimations?.()
      .filter((animation) => typeof CSSTransition !== 'undefined' && animation instanceof CSSTransition);
    void Promise.all((sliding ?? []).map((animation) => animation.finished.catch(() => undefined))).then(() =>
      button.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  });

  return { expanded, toggle, contentOpen, setContentOpen, revealModule };
}
