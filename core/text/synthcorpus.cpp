// Training text for the synthetic tokenizer: written for this project, a few
// short paragraphs per script so that the merges cover Latin, Cyrillic,
// Greek, Arabic, Devanagari, Han, Kana and Hangul text, digits, code and the
// words of the chat format. Changing it changes every synthetic container's
// vocabulary, so treat it as frozen.
#include "text/synthtokenizer.h"

namespace sluice::text {

std::string_view syntheticCorpus()
{
    static const std::string_view corpus =
        R"(The quick brown fox jumps over the lazy dog. A small model streams its experts from the disk, one layer at a time.
When the cache is warm, the next token arrives quickly; when it is cold, the reader waits for the drive.
She said: "I'll check the numbers tomorrow, but they're probably fine." We've seen this before, haven't we?
Please summarise the following document in three sentences, and list the open questions at the end.
The system message tells the assistant how to behave. The user asks a question; the assistant thinks, then answers.
Tools are described in JSONSchema. Call a tool with typed arguments: a string, a number, a boolean, null, an object or an array.
message role user assistant system tool think response tools call argument key type index name json object
Thinking effort: low, high, max. Tool choice: required, none. Response format: json_object, json_schema.
HTTPServer parseJSONResponse getUserName XMLHttpRequest camelCase snake_case SCREAMING_CASE kebab-case
Indonesia adalah negara kepulauan terbesar di dunia. Saya ingin belajar bahasa pemrograman baru minggu ini.
Terima kasih atas bantuan Anda. Apakah Anda bisa menjelaskan cara kerja model bahasa yang besar?
Le renard brun rapide saute par-dessus le chien paresseux. C'est l'été, et nous allons à la plage demain.
Pourquoi le ciel est-il bleu ? Parce que la lumière est diffusée par les molécules de l'atmosphère.
Der schnelle braune Fuchs springt über den faulen Hund. Straße, Größe, Mädchen, schön und grün.
El veloz murciélago hindú comía feliz cardillo y kiwi. ¿Dónde está la biblioteca? ¡Qué día tan bonito!
O rato roeu a roupa do rei de Roma. A ação e a atenção são importantes; não há pão sem trabalho.
Быстрая коричневая лиса прыгает через ленивую собаку. Привет, как дела? Спасибо, всё хорошо.
Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί. Καλημέρα σας, τι κάνετε;
الثعلب البني السريع يقفز فوق الكلب الكسول. مرحبا بك في عالم الذكاء الاصطناعي. شكرا جزيلا.
तेज़ भूरी लोमड़ी आलसी कुत्ते के ऊपर कूदती है। नमस्ते, आप कैसे हैं? धन्यवाद।
敏捷的棕色狐狸跳过了懒狗。今天天气很好，我们去公园散步吧。人工智能正在改变世界。
请用三句话总结下面的文章，并在最后列出未解决的问题。模型从硬盘中逐层读取专家权重。
素早い茶色の狐がのろまな犬を飛び越える。今日はいい天気ですね。カタカナとひらがなと漢字。
東京は日本の首都です。ありがとうございます。コンピューターのメモリが足りません。
빠른 갈색 여우가 게으른 개를 뛰어넘습니다. 안녕하세요, 만나서 반갑습니다. 감사합니다.
한국어는 한글로 씁니다. 오늘 날씨가 정말 좋네요. 인공지능 모델을 실행합니다.
Tiếng Việt có dấu: Xin chào, cảm ơn bạn rất nhiều. Türkçe: Günaydın, nasılsınız? Polski: Dzień dobry, dziękuję.
Emoji: 🙂 😀 🚀 ✨ 👍🏽 ❤️ 🇮🇩 🇫🇷 👨‍👩‍👧 — and symbols: © ® ™ € £ ¥ § ± × ÷ → ← ≤ ≥ ≠ ∞ °C.
Numbers: 0 1 2 3 4 5 6 7 8 9 10 42 100 256 512 1024 2048 4096 65536 3.14159 2.71828 1e-5 0x7F 1,000,000 2026-11-29 12:34:56
def encode(text: str) -> list[int]:
    pieces = pattern.findall(text)
    return [rank for piece in pieces for rank in bpe(piece)]

int main(int argc, char **argv)
{
    for (int i = 0; i < argc; ++i)
        std::printf("%s\n", argv[i]);
    return 0;
}

{"name": "get_weather", "description": "Get the weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}}
<html><body><p class="note">Hello &amp; welcome</p></body></html>
SELECT id, name FROM users WHERE age >= 18 ORDER BY name;   // comment	tab	separated
Line one\r\nLine two
    indented four spaces
		two tabs
The end. Fin. Selesai. 終わり。끝. Конец. Τέλος. النهاية. समाप्त।
)";
    return corpus;
}

} // namespace sluice::text
