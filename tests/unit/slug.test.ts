import { describe, expect, it } from 'vitest';
import { slugify, transliterateUk, truncateSlug, withSlugSuffix } from '../../src/shared/content/slug';

// The examples of the table of the Cabinet of Ministers of Ukraine resolution No. 55 of 27.01.2010
// «Про впорядкування транслітерації українського алфавіту латиницею».
const RESOLUTION_EXAMPLES: Array<[string, string]> = [
  ['Алушта', 'Alushta'],
  ['Андрій', 'Andrii'],
  ['Борщагівка', 'Borshchahivka'],
  ['Борисенко', 'Borysenko'],
  ['Вінниця', 'Vinnytsia'],
  ['Володимир', 'Volodymyr'],
  ['Гадяч', 'Hadiach'],
  ['Богдан', 'Bohdan'],
  ['Згурський', 'Zghurskyi'],
  ['Ґалаґан', 'Galagan'],
  ['Ґорґани', 'Gorgany'],
  ['Донецьк', 'Donetsk'],
  ['Дмитро', 'Dmytro'],
  ['Рівне', 'Rivne'],
  ['Олег', 'Oleh'],
  ['Есмань', 'Esman'],
  ['Єнакієве', 'Yenakiieve'],
  ['Гаєвич', 'Haievych'],
  ["Короп'є", 'Koropie'],
  ['Житомир', 'Zhytomyr'],
  ['Жанна', 'Zhanna'],
  ['Жежелів', 'Zhezheliv'],
  ['Закарпаття', 'Zakarpattia'],
  ['Казимирчук', 'Kazymyrchuk'],
  ['Медвин', 'Medvyn'],
  ['Михайленко', 'Mykhailenko'],
  ['Іванків', 'Ivankiv'],
  ['Іващенко', 'Ivashchenko'],
  ['Їжакевич', 'Yizhakevych'],
  ['Кадиївка', 'Kadyivka'],
  ["Мар'їне", 'Marine'],
  ['Йосипівка', 'Yosypivka'],
  ['Стрий', 'Stryi'],
  ['Олексій', 'Oleksii'],
  ['Київ', 'Kyiv'],
  ['Коваленко', 'Kovalenko'],
  ['Лебедин', 'Lebedyn'],
  ['Леонід', 'Leonid'],
  ['Миколаїв', 'Mykolaiv'],
  ['Маринич', 'Marynych'],
  ['Ніжин', 'Nizhyn'],
  ['Наталія', 'Nataliia'],
  ['Одеса', 'Odesa'],
  ['Онищенко', 'Onyshchenko'],
  ['Полтава', 'Poltava'],
  ['Петро', 'Petro'],
  ['Решетилівка', 'Reshetylivka'],
  ['Рибчинський', 'Rybchynskyi'],
  ['Суми', 'Sumy'],
  ['Соломія', 'Solomiia'],
  ['Тернопіль', 'Ternopil'],
  ['Троць', 'Trots'],
  ['Ужгород', 'Uzhhorod'],
  ['Уляна', 'Uliana'],
  ['Фастів', 'Fastiv'],
  ['Філіпчук', 'Filipchuk'],
  ['Харків', 'Kharkiv'],
  ['Христина', 'Khrystyna'],
  ['Біла Церква', 'Bila Tserkva'],
  ['Стеценко', 'Stetsenko'],
  ['Чернівці', 'Chernivtsi'],
  ['Шевченко', 'Shevchenko'],
  ['Шостка', 'Shostka'],
  ['Кишеньки', 'Kyshenky'],
  ['Щербухи', 'Shcherbukhy'],
  ['Гоща', 'Hoshcha'],
  ['Гаращенко', 'Harashchenko'],
  ['Юрій', 'Yurii'],
  ['Корюківка', 'Koriukivka'],
  ['Яготин', 'Yahotyn'],
  ['Ярошенко', 'Yaroshenko'],
  ['Костянтин', 'Kostiantyn'],
  ["Знам'янка", 'Znamianka'],
  ['Феодосія', 'Feodosiia'],
  // Note 1: «зг» is «zgh», unlike «ж» = «zh».
  ['Згорани', 'Zghorany'],
  ['Розгон', 'Rozghon'],
];

describe('Ukrainian transliteration (resolution 55 of 2010)', () => {
  it.each(RESOLUTION_EXAMPLES)('%s -> %s', (uk, latin) => {
    expect(transliterateUk(uk)).toBe(latin);
  });

  it('drops the soft sign and every form of the apostrophe (note 2)', () => {
    expect(transliterateUk('Мар’їне')).toBe('Marine');
    expect(transliterateUk('Марʼїне')).toBe('Marine');
    expect(transliterateUk('Знам‘янка')).toBe('Znamianka');
    expect(transliterateUk('Тернопіль')).toBe('Ternopil');
  });

  it('uses the word-initial forms of є, ї, й, ю, я after quotes, brackets and hyphens too', () => {
    expect(transliterateUk('«Європа»')).toBe('«Yevropa»');
    expect(transliterateUk('(Їжакевич)')).toBe('(Yizhakevych)');
    expect(transliterateUk('Київ-Ялта')).toBe('Kyiv-Yalta');
    expect(transliterateUk('"Юність"')).toBe('"Yunist"');
    expect(transliterateUk("'Йосипівка'")).toBe("'Yosypivka'");
  });
});

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('Згорани — Розгон!')).toBe('zghorany-rozghon');
    expect(slugify('  Новини   УкрГМІ: 2025 рік  ')).toBe('novyny-ukrhmi-2025-rik');
    expect(slugify('Знам’янка, «Ягідне» та Єнакієве')).toBe('znamianka-yahidne-ta-yenakiieve');
  });

  it('keeps Latin letters and digits, dropping diacritics', () => {
    expect(slugify('COP29 у Баку: café déjà vu')).toBe('cop29-u-baku-cafe-deja-vu');
  });

  it('returns an empty string for text without letters or digits', () => {
    expect(slugify('—?!')).toBe('');
  });

  it('keeps at most 120 characters, cutting between words', () => {
    const slug = slugify('Гідрометеорологічний '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(slug.endsWith('hidrometeorolohichnyi')).toBe(true);
    expect(truncateSlug('a'.repeat(130), 120)).toBe('a'.repeat(120));
  });

  it('appends -2, -3… within the length limit', () => {
    expect(withSlugSuffix('novyna', 1)).toBe('novyna');
    expect(withSlugSuffix('novyna', 2)).toBe('novyna-2');
    const long = withSlugSuffix(`${'a'.repeat(60)}-${'b'.repeat(59)}`, 12);
    expect(long).toBe(`${'a'.repeat(60)}-12`);
    expect(long.length).toBeLessThanOrEqual(120);
  });
});
