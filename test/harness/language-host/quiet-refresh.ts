/**
 * What `cli.refresh()` answers when it finds everything as the state says: no change, nothing gone, and no step the
 * CLI would show as an update. For `expect(...).toMatchObject(QUIET_REFRESH)` in tests (it uses jest's matchers).
 */
export const QUIET_REFRESH = {
  ok: true,
  changed: [],
  gone: [],
  errors: [],
  steps: expect.not.arrayContaining([expect.objectContaining({ op: "update" })]),
};
