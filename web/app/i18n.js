// The page's text in English, Hindi and Persian, written for this page; chess terms as
// the project's glossary (shared/docs/GLOSSARY.md) gives them. Hindi is spelt with the
// nukta throughout (ख़ाना, ख़त्म, ग़लती); Persian uses its own digits (۰-۹) and ZWNJ, and is
// laid out right to left. Moves, squares, FEN and PGN stay in Latin letters in every
// language (as the rules pages write them), isolated left to right in Persian.

export const languages = {
  en: { name: 'English', dir: 'ltr' },
  hi: { name: 'हिन्दी', dir: 'ltr' },
  fa: { name: 'فارسی', dir: 'rtl' },
};

const text = {
  title: ['Practise chess against Vazir', 'Vazir के ख़िलाफ़ शतरंज का अभ्यास', 'تمرین شطرنج با Vazir'],
  language: ['Language', 'भाषा', 'زبان'],
  newGame: ['New game', 'नया खेल', 'بازی جدید'],
  takeBack: ['Take back', 'चाल वापस लें', 'پس گرفتن حرکت'],
  hint: ['Hint', 'संकेत', 'راهنمایی'],
  flip: ['Flip board', 'बोर्ड पलटें', 'چرخاندن صفحه'],
  resign: ['Resign', 'हार मानें', 'تسلیم'],
  evalBar: ['Evaluation bar', 'मूल्यांकन पट्टी', 'نوار ارزیابی'],
  review: ['Review the game', 'खेल की समीक्षा', 'بررسی بازی'],
  reviewing: ['Reviewing… {n} of {total}', 'समीक्षा… {total} में से {n}', 'در حال بررسی… {n} از {total}'],
  reviewDone: ['Review of your moves — inaccuracies: {i}, mistakes: {m}, blunders: {b}',
    'आपकी चालों की समीक्षा — अशुद्धियाँ: {i}, ग़लतियाँ: {m}, भारी ग़लतियाँ: {b}',
    'بررسی حرکت‌های شما — بی‌دقتی: {i}، اشتباه: {m}، اشتباه فاحش: {b}'],
  inaccuracy: ['Inaccuracy', 'अशुद्धि', 'بی‌دقتی'],
  mistake: ['Mistake', 'ग़लती', 'اشتباه'],
  blunder: ['Blunder', 'भारी ग़लती', 'اشتباه فاحش'],
  evaluation: ['Evaluation', 'मूल्यांकन', 'ارزیابی'],
  moves: ['Moves', 'चालें', 'حرکت‌ها'],
  you: ['You', 'आप', 'شما'],
  engine: ['Vazir', 'Vazir', 'Vazir'],
  white: ['White', 'सफ़ेद', 'سفید'],
  black: ['Black', 'काला', 'سیاه'],
  random: ['Random', 'कोई भी', 'تصادفی'],
  yourColour: ['Your colour', 'आपका रंग', 'رنگ شما'],
  level: ['Strength', 'ताक़त', 'قدرت'],
  fullStrength: ['Full strength', 'पूरी ताक़त', 'قدرت کامل'],
  elo: ['Elo {n}', 'Elo {n}', 'Elo {n}'],
  clock: ['Clock', 'घड़ी', 'ساعت'],
  noClock: ['No clock', 'बिना घड़ी', 'بدون ساعت'],
  custom: ['Custom', 'अपनी पसंद', 'دلخواه'],
  minutes: ['Minutes', 'मिनट', 'دقیقه'],
  increment: ['Increment (seconds per move)', 'इन्क्रीमेंट (हर चाल पर सेकंड)', 'افزایش زمان (ثانیه در هر حرکت)'],
  preset: ['{m} min + {s} s', '{m} मिनट + {s} सेकंड', '{m} دقیقه + {s} ثانیه'],
  startFen: ['Start from a position (FEN, optional)', 'किसी स्थिति से शुरू करें (FEN, वैकल्पिक)', 'شروع از یک وضعیت (FEN، اختیاری)'],
  start: ['Start', 'शुरू करें', 'شروع'],
  cancel: ['Cancel', 'रद्द करें', 'لغو'],
  yourMove: ['Your move', 'आपकी चाल', 'نوبت شما'],
  thinking: ['Vazir is thinking…', 'Vazir सोच रहा है…', 'Vazir در حال محاسبه…'],
  starting: ['Loading the engine…', 'इंजन लोड हो रहा है…', 'در حال بارگذاری موتور…'],
  check: ['Check!', 'शह!', 'کیش!'],
  hintIs: ['Hint: {move}', 'संकेत: {move}', 'راهنمایی: {move}'],
  gameOver: ['Game over', 'खेल समाप्त', 'پایان بازی'],
  youWin: ['You win', 'आप जीत गए', 'شما بردید'],
  youLose: ['You lose', 'आप हार गए', 'شما باختید'],
  draw: ['Draw', 'ड्रॉ', 'تساوی'],
  whiteWins: ['White wins', 'सफ़ेद जीता', 'سفید برد'],
  blackWins: ['Black wins', 'काला जीता', 'سیاه برد'],
  checkmate: ['checkmate', 'शह-मात', 'کیش‌ومات'],
  stalemate: ['stalemate', 'स्टेलमेट', 'پات'],
  deadPosition: ['insufficient material: no one can checkmate', 'मोहरों की कमी: कोई मात नहीं दे सकता',
    'نیروی ناکافی: هیچ‌کس نمی‌تواند مات کند'],
  threefold: ['threefold repetition', 'तीन बार दोहराव', 'تکرار سه‌گانه'],
  fivefold: ['fivefold repetition', 'पाँच बार दोहराव', 'تکرار پنج‌گانه'],
  fiftyMoves: ['fifty-move rule', 'पचास चालों का नियम', 'قانون ۵۰ حرکت'],
  seventyFiveMoves: ['seventy-five-move rule', '75 चालों का नियम', 'قانون ۷۵ حرکت'],
  time: ['time ran out', 'समय ख़त्म', 'اتمام زمان'],
  timeNoMate: ['time ran out, but the opponent cannot checkmate', 'समय ख़त्म, पर विरोधी मात नहीं दे सकता',
    'اتمام زمان، اما حریف نمی‌تواند مات کند'],
  resignation: ['resignation', 'हार मान ली', 'تسلیم'],
  resultLine: ['{result}: {reason}', '{result}: {reason}', '{result}: {reason}'],
  fen: ['FEN', 'FEN', 'FEN'],
  pgn: ['PGN', 'PGN', 'PGN'],
  copy: ['Copy', 'कॉपी करें', 'کپی'],
  copied: ['Copied', 'कॉपी हो गया', 'کپی شد'],
  importPgn: ['Load this PGN', 'यह PGN खोलें', 'بارگذاری این PGN'],
  pgnHelp: ['Paste a game here and load it to go on playing from its last position.',
    'यहाँ कोई खेल चिपकाएँ और उसकी आख़िरी स्थिति से आगे खेलें।',
    'بازی‌ای را اینجا بگذارید و از آخرین وضعیتش بازی را ادامه دهید.'],
  badFen: ['Not a valid position: {error}', 'यह सही स्थिति नहीं है: {error}', 'وضعیت نامعتبر: {error}'],
  badPgn: ['This PGN could not be read: {error}', 'यह PGN पढ़ा नहीं जा सका: {error}', 'این PGN خوانده نشد: {error}'],
  illegal: ['Not a legal move: {move}', 'अवैध चाल: {move}', 'حرکت غیرقانونی: {move}'],
  typeMove: ['Type a move (e4, Nf3, e7e8q)', 'चाल लिखें (e4, Nf3, e7e8q)', 'حرکت را بنویسید (e4، Nf3، e7e8q)'],
  play: ['Play', 'चलें', 'بازی'],
  promoteTo: ['Promote to', 'प्रमोट करें', 'ترفیع به'],
  board: ['Chess board', 'शतरंज का बोर्ड', 'صفحهٔ شطرنج'],
  engineThreads: ['Engine: WebAssembly with threads (search threads: {n})', 'इंजन: WebAssembly, थ्रेड के साथ (खोज के थ्रेड: {n})',
    'موتور: WebAssembly چندرشته‌ای (رشته‌های جست‌وجو: {n})'],
  engineSingle: ['Engine: WebAssembly, one thread (this page is not cross-origin isolated)',
    'इंजन: WebAssembly, एक थ्रेड (यह पेज cross-origin isolated नहीं है)',
    'موتور: WebAssembly، یک رشته (این صفحه cross-origin isolated نیست)'],
  engineFailed: ['The engine could not start: {error}', 'इंजन शुरू नहीं हो सका: {error}', 'موتور شروع نشد: {error}'],
  about: ['Vazir is free software (GPL-3.0). Everything runs in your browser; nothing is sent anywhere.',
    'Vazir मुफ़्त सॉफ़्टवेयर है (GPL-3.0)। सब कुछ आपके ब्राउज़र में चलता है; कुछ भी कहीं भेजा नहीं जाता।',
    'Vazir نرم‌افزار آزاد است (GPL-3.0). همه‌چیز در مرورگر شما اجرا می‌شود و چیزی به جایی فرستاده نمی‌شود.'],
  piecesInWords: ['The position in words', 'स्थिति शब्दों में', 'وضعیت به زبان نوشتاری'],
  piecesOf: ['{side}: {list}', '{side}: {list}', '{side}: {list}'],
  toMove: ['{side} to move', '{side} की चाल', 'نوبت {side}'],
  // Spoken move descriptions (screen readers).
  king: ['king', 'राजा', 'شاه'],
  queen: ['queen', 'वज़ीर', 'وزیر'],
  rook: ['rook', 'हाथी', 'رخ'],
  bishop: ['bishop', 'ऊँट', 'فیل'],
  knight: ['knight', 'घोड़ा', 'اسب'],
  pawn: ['pawn', 'प्यादा', 'پیاده'],
  saysMove: ['{side}: {piece} from {from} to {to}', '{side}: {piece} {from} से {to}', '{side}: {piece} از {from} به {to}'],
  saysCapture: ['{side}: {piece} from {from} takes on {to}', '{side}: {piece} {from} से {to} पर मारता है',
    '{side}: {piece} از {from} در {to} می‌زند'],
  saysCastleKing: ['{side}: castles king side', '{side}: छोटी कैसलिंग', '{side}: قلعهٔ کوچک'],
  saysCastleQueen: ['{side}: castles queen side', '{side}: बड़ी कैसलिंग', '{side}: قلعهٔ بزرگ'],
  saysEnPassant: ['en passant', 'एन पासां', 'آن‌پاسان'],
  saysPromotion: ['promotes to {piece}', '{piece} में प्रमोट', 'ترفیع به {piece}'],
};

const index = { en: 0, hi: 1, fa: 2 };
let current = 'en';

export function setLanguage(lang) {
  current = lang in index ? lang : 'en';
  document.documentElement.lang = current;
  document.documentElement.dir = languages[current].dir;
}
export const language = () => current;

// The first of the browser's languages that the page speaks, else English.
export function browserLanguage(list = navigator.languages || [navigator.language]) {
  for (const tag of list) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in index) return base;
  }
  return 'en';
}

const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
// Digits in the interface's numerals (Persian ones in Persian; Latin otherwise).
export function digits(value) {
  const s = String(value);
  return current === 'fa' ? s.replace(/[0-9]/g, (d) => persianDigits[+d]) : s;
}

// Text isolated left to right (moves, squares, FEN) inside right-to-left text.
export const ltr = (s) => (current === 'fa' ? '\u2066' + s + '\u2069' : s);

// The text for `key`, with {name} placeholders filled (numbers in the interface's numerals).
export function t(key, values = {}) {
  const row = text[key];
  if (!row) return key;
  return row[index[current]].replace(/\{(\w+)\}/g, (_, name) =>
    typeof values[name] === 'number' ? digits(values[name]) : String(values[name] ?? ''));
}

// Static elements carry data-i18n="key" (text) or data-i18n-attr="attr:key,...".
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-attr]'))
    for (const pair of el.dataset.i18nAttr.split(',')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr, t(key));
    }
  document.title = 'Vazir — ' + t('title');
}
