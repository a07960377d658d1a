// What the page keeps in the browser's local storage: the settings, and the game in
// progress (start FEN, moves, clocks, result), so a reload goes on where it was. Storage
// that is full, disabled or holds something unreadable is treated as empty.
const SETTINGS = 'vazir.settings.v1';
const GAME = 'vazir.game.v1';

function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private mode or full: the page still works, it just forgets
  }
}

export const loadSettings = () => read(SETTINGS);
export const saveSettings = (settings) => write(SETTINGS, settings);
export const loadGame = () => read(GAME);
export const saveGame = (game) => write(GAME, game);
