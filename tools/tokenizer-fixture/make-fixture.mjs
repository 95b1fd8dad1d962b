// Regenerates the tokenizer fixtures from npm `tiktoken` (the Rust tokenizer
// compiled to WASM), so our C++ tokenizer is compared with the real thing:
//   cd tools/tokenizer-fixture && npm install && node make-fixture.mjs
// Writes (to tests/fixtures/tokenizer/):
//   cl100k_base.tiktoken.gz  cl100k_base's ranks in tiktoken's text format
//   expected.json            ids for every string under (a) cl100k_base's own
//                            pattern and (b) the same ranks with Kimi's pattern,
//                            plus markup-mode (allowed_special "all") cases.
import { Tiktoken } from "tiktoken/lite";
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";

const require = createRequire(import.meta.url);
const cl100k = require("tiktoken/encoders/cl100k_base.json");
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, "..", "..", "tests", "fixtures", "tokenizer");

// Kimi's pat_str (tokenization_kimi.py), spec 6.2.
const KIMI_PATTERN = [
  String.raw`[\p{Han}]+`,
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]*[\p{Ll}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]+[\p{Ll}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^\s\p{L}\p{N}]+[\r\n]*`,
  String.raw`\s*[\r\n]+`,
  String.raw`\s+(?!\S)`,
  String.raw`\s+`,
].join("|");

// The npm package stores ranks as "! <first rank> <b64> <b64> ..." (consecutive ranks).
function toTiktokenText(bpeRanks) {
  const fields = bpeRanks.split(" ");
  const lines = [];
  let rank = 0;
  for (let i = 0; i < fields.length; i++) {
    if (fields[i] === "!") { rank = Number(fields[++i]); continue; }
    lines.push(`${fields[i]} ${rank++}`);
  }
  return lines.join("\n") + "\n";
}

const corpus = [
  // English
  "Hello, world!",
  "The quick brown fox jumps over the lazy dog.",
  "I'm sure they're here; we've seen what you'll do, and he'd agree it's fine.",
  "DON'T SHOUT, IT'S RUDE. WE'RE LEAVING, THEY'LL FOLLOW.",
  "it'ſ a long s, and I'M here",
  "camelCase PascalCase snake_case SCREAMING_SNAKE kebab-case HTTPServerError getXMLHttpRequest iPhone McDonald",
  "Mr. O'Neil's dog's bone isn't the dogs' bones",
  // Indonesian, French, other Latin
  "Selamat pagi! Apa kabar? Saya sedang belajar bahasa Indonesia di Jakarta.",
  "Terima kasih banyak atas bantuannya, sampai jumpa lagi besok.",
  "Où est la bibliothèque ? C'est à côté de l'église, près du café.",
  "L'été dernier, nous sommes allés à Montréal — c'était génial !",
  "Ça va? Œuvre, naïve, Noël, façade, cœur.",
  "Straße, Größe, Übermäßig; ĄĘŁŃÓŚŹŻ ąęłńóśźż; Türkçe İstanbul ıi",
  "Tiếng Việt: Xin chào, tôi tên là Nguyễn. Cảm ơn bạn rất nhiều!",
  "e\u0301 combining acute, a\u0308 diaeresis, n\u0303o",
  // Chinese
  "你好，世界！",
  "人工智能正在改变世界。我们今天去公园散步吧。",
  "中文English混合123测试",
  "《红楼梦》是中国古典四大名著之一，作者曹雪芹。",
  "数字１２３和全角ＡＢＣ字母",
  // Japanese
  "こんにちは、世界。今日はいい天気ですね。",
  "東京タワーは333メートルです。カタカナとひらがなと漢字を混ぜる。",
  "ｶﾀｶﾅ半角とー長音記号、々の繰り返し。「引用」",
  "私の名前はアリスです。よろしくお願いします！",
  // Korean
  "안녕하세요, 세계! 만나서 반갑습니다.",
  "한국어 텍스트와 English 그리고 123을 섞어요.",
  "대한민국의 수도는 서울입니다. 감사합니다!",
  // Arabic, Hebrew, Persian
  "مرحبا بالعالم! كيف حالك اليوم؟",
  "الذَّكَاءُ الاصْطِنَاعِيُّ يُغَيِّرُ العَالَم",
  "الأرقام ١٢٣٤٥ والأرقام 12345",
  "שלום עולם! מה שלומך?",
  "سلام دنیا، حال شما چطور است؟",
  // Other scripts
  "Привет, мир! Как дела? Всё хорошо, спасибо.",
  "Γειά σου Κόσμε! Τι κάνεις;",
  "नमस्ते दुनिया! आप कैसे हैं? धन्यवाद।",
  "สวัสดีชาวโลก ขอบคุณมากครับ",
  "ሰላም ለዓለም, Բարեւ աշխարհ, გამარჯობა მსოფლიო",
  // Emoji and symbols
  "I love pizza 🍕🍕🍕 and 🚀 rockets!",
  "Family: 👨‍👩‍👧‍👦, thumbs 👍🏽👍🏿, flags 🇮🇩🇫🇷🇯🇵, heart ❤️",
  "😀😃😄😁😆😅😂🤣",
  "Math: ∀x∈ℝ, x² ≥ 0; ∑ᵢ aᵢ = π ≈ 3.14159 ± 0.00001 → ∞",
  "Currency: $100, €200, £300, ¥400, ₹500, ₩600",
  // Code
  "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n",
  "for (int i = 0; i < n; ++i) {\n\tsum += a[i] * b[i];\n}\n",
  "const x = {\"key\": [1, 2, 3], \"nested\": {\"a\": null, \"b\": true}};",
  "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 42); return 0; }",
  "SELECT name, COUNT(*) FROM users WHERE age >= 18 GROUP BY name HAVING COUNT(*) > 1;",
  "<div class=\"container\"><p>Hello &amp; goodbye</p></div>",
  "https://example.com/path/to/page?query=value&other=123#anchor",
  "git commit -m \"fix: handle CRLF\" && ./build.sh --release 2>&1 | tee log.txt",
  // Digits
  "1234567890",
  "3.141592653589793238462643383279502884197",
  "Phone: +62-812-3456-7890, year 2026, 1,000,000.00",
  "00000000000000000000000000000000000000000",
  "x = 12345678901234567890123456789 + 987654321",
  // Whitespace
  "     leading spaces",
  "trailing spaces     ",
  "a      b       c\t\t\td",
  "\n\n\nthree newlines then text\n\n",
  "mixed \t \n \r\n  whitespace\u00a0nbsp\u3000ideographic\u2003em",
  "                                                                    ",
  "\t\t\t\t\t\t\t\t\t\t",
  "line one\r\nline two\r\n\r\nline four\r\n",
  "CRLF at end\r\n",
  "space before newline   \n   and after",
  "\u180e mongolian vowel separator\u180e x",
  // Special-looking text in content mode
  "<|endoftext|> is just text here <|fim_prefix|>",
  "role=\"user\"<|sep|>Hello<|open|>message",
  // Mixed scripts
  "Hello世界こんにちは안녕Привет",
  "AI模型の性能が向上しました。GPT-4とClaudeを比較する。",
  "日本語のテキストwith English words混在",
  "Café naïve résumé — “smart quotes” and ‘single’ … ellipsis",
  "ALLCAPS then lower, MiXeD CaSe, aBcDeF",
];

const markupCases = [
  "<|endoftext|>",
  "Hello<|endoftext|>world",
  "role=\"user\"<|endofprompt|>content",
  "<|fim_prefix|>def f():<|fim_suffix|>\n<|fim_middle|>",
  "no specials at all",
  "<|endoftext|><|endoftext|>  <|endofprompt|>",
];

// Piece boundaries straight from tiktoken's regex: with a rank table holding
// every substring of the text, every piece is itself a token, so encoding
// returns exactly one token per pre-tokenised piece. (With cl100k's real
// ranks the BPE often hides a boundary difference between the patterns.)
function piecesOf(text, pat) {
  const bytes = Buffer.from(text, "utf8");
  const seen = new Set();
  const lines = [];
  for (let b = 0; b < 256; b++) {
    const k = Buffer.from([b]).toString("base64");
    seen.add(k);
    lines.push(k);
  }
  for (let i = 0; i < bytes.length; i++) {
    for (let j = i + 2; j <= bytes.length; j++) {
      const k = bytes.subarray(i, j).toString("base64");
      if (!seen.has(k)) { seen.add(k); lines.push(k); }
    }
  }
  const enc = new Tiktoken(lines.map((k, r) => `${k} ${r}`).join("\n"), {}, pat);
  const ids = Array.from(enc.encode_ordinary(text));
  const pieces = ids.map((id) => Buffer.from(enc.decode_single_token_bytes(id)).toString("base64"));
  enc.free();
  return pieces; // base64: a piece need not be valid UTF-8 on its own in general
}

const ranksText = toTiktokenText(cl100k.bpe_ranks);
const nativeEnc = new Tiktoken(cl100k.bpe_ranks, cl100k.special_tokens, cl100k.pat_str);
const kimiEnc = new Tiktoken(cl100k.bpe_ranks, cl100k.special_tokens, KIMI_PATTERN);

const cases = corpus.map((text) => ({
  text,
  cl100k: Array.from(nativeEnc.encode_ordinary(text)),
  kimi: Array.from(kimiEnc.encode_ordinary(text)),
  cl100k_pieces: piecesOf(text, cl100k.pat_str),
  kimi_pieces: piecesOf(text, KIMI_PATTERN),
}));
const markup = markupCases.map((text) => ({
  text,
  cl100k: Array.from(nativeEnc.encode(text, "all")),
  kimi: Array.from(kimiEnc.encode(text, "all")),
}));
nativeEnc.free();
kimiEnc.free();

const fixture = {
  generator: "tools/tokenizer-fixture/make-fixture.mjs with npm tiktoken " + JSON.parse(readFileSync(path.join(path.dirname(require.resolve("tiktoken")), "package.json"), "utf8")).version,
  rank_file: "cl100k_base.tiktoken.gz",
  cl100k_pattern: cl100k.pat_str,
  kimi_pattern: KIMI_PATTERN,
  special_tokens: cl100k.special_tokens,
  cases,
  markup,
};
writeFileSync(path.join(outDir, "expected.json"), JSON.stringify(fixture, null, 1) + "\n");
writeFileSync(path.join(outDir, "cl100k_base.tiktoken.gz"), gzipSync(Buffer.from(ranksText, "utf8"), { level: 9 }));
const differ = cases.filter((c) => JSON.stringify(c.cl100k_pieces) !== JSON.stringify(c.kimi_pieces)).length;
console.log(`${differ} cases split differently under the two patterns`);
console.log(`${cases.length} content cases, ${markup.length} markup cases, ranks ${ranksText.length} bytes`);
