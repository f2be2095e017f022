import type { PostDocument } from '../post-document';

/**
 * Realistic posts of two creators for retrieval tests and benchmarks. Each of
 * Maya's posts has one clear topic; `TOPIC_QUESTIONS` pairs a fan's question
 * with the post that answers it. Leo (the second creator) shares some topics
 * with Maya so isolation tests have something to leak.
 */
export const MAYA = 'creator-maya';
export const LEO = 'creator-leo';

type PostSeed = [postId: string, caption: string, desc: string, transcript: string];

const mayaSeeds: PostSeed[] = [
  [
    'maya-01',
    'My sourdough starter finally doubled!',
    'Day 7 of feeding my starter 🍞 #sourdough #baking',
    'So I feed the starter twice a day with equal parts rye flour and water, keep it somewhere warm, and when it doubles in about six hours it is ready to bake bread.',
  ],
  [
    'maya-02',
    'Why I quit my corporate job',
    'Storytime: leaving my marketing job to make videos full time',
    'Two years ago I handed in my notice at the agency. I was burned out, I cried in the parking lot every Monday, and I realised I was happiest when filming recipes at night.',
  ],
  [
    'maya-03',
    '5 minute garlic chili oil',
    'Put this chili crisp on everything 🌶️ #chilioil',
    'Heat neutral oil with sliced garlic and shallots until golden, pour it over chili flakes, sesame seeds, a pinch of sugar and salt. Store it in a jar in the fridge for a month.',
  ],
  [
    'maya-04',
    'Trying every matcha latte in Kyoto',
    'Kyoto travel vlog part 1 🍵 #japan #travel',
    "We walked from Gion to the Philosopher's Path and tried four matcha lattes. The one near Nishiki market was the best, really grassy and not too sweet.",
  ],
  [
    'maya-05',
    'My morning routine at 5am',
    'What my mornings actually look like #morningroutine',
    'Alarm at five, glass of water, ten minutes of stretching, journaling three pages, then coffee and emails before the house wakes up.',
  ],
  [
    'maya-06',
    'Replying to @sam: how I light my videos',
    'Cheap lighting setup for food videos 💡',
    'I use one big softbox on the left, a white foam board on the right to bounce the light, and I shoot next to the window in the morning. The whole setup cost under eighty dollars.',
  ],
  [
    'maya-07',
    'Brown butter chocolate chip cookies',
    'The only cookie recipe you need 🍪',
    'Brown the butter until it smells nutty, let it cool, add brown sugar, one egg plus a yolk, then chill the dough overnight. Flaky salt on top before baking at 180 degrees.',
  ],
  [
    'maya-08',
    'My dog Biscuit meets the new kitten',
    'Biscuit is confused 😂 #dogsoftiktok',
    'Our golden retriever Biscuit met the kitten today. He brought her his favourite squeaky toy and then hid behind the couch when she hissed.',
  ],
  [
    'maya-09',
    'Meal prep for the week under $40',
    'Budget meal prep: chickpea curry, rice, roasted veg',
    'I cook one big pot of chickpea curry with coconut milk and spinach, a tray of roasted sweet potatoes and broccoli, and rice. That is ten lunches for less than forty dollars.',
  ],
  [
    'maya-10',
    'Answering your questions about my anxiety',
    'Mental health chat, be kind 💛',
    'A lot of you asked how I deal with anxiety. Therapy every other week, walking without my phone, and breathing four in, hold seven, out eight when panic starts.',
  ],
  [
    'maya-11',
    'Homemade fresh pasta without a machine',
    'Just flour, eggs and a rolling pin #pasta',
    'Make a well with one hundred grams of flour per egg, knead for ten minutes, rest thirty minutes, then roll it thin with a rolling pin and cut tagliatelle by hand.',
  ],
  [
    'maya-12',
    'Camping trip gone wrong ⛺',
    'It rained for three days straight',
    'We drove to the lake for a weekend of camping, the tent leaked on the first night, and we ended up cooking pancakes on the camp stove in the car.',
  ],
  [
    'maya-13',
    'My skincare routine for dry skin',
    'Winter skincare, nothing sponsored',
    'Gentle cleanser, hyaluronic serum on damp skin, a thick moisturiser with ceramides, and sunscreen every single morning even in winter.',
  ],
  [
    'maya-14',
    'Cast iron pan care 101',
    'Stop ruining your cast iron skillet',
    'Rinse it with hot water, scrub with coarse salt, dry it on the stove, and rub a thin layer of oil before putting it away. Never leave it soaking in the sink.',
  ],
  [
    'maya-15',
    'Reacting to my first ever video',
    'Cringe compilation from 2019 😅',
    'This was my first video, a very blurry smoothie filmed on my old phone. It got twelve views and one of them was my mum.',
  ],
  [
    'maya-16',
    'Marathon training week 12',
    'Long run Sunday 🏃‍♀️ #marathontraining',
    'Twenty eight kilometres today at an easy pace, fuelled with gels every forty five minutes. My knee held up after physio, so the Berlin marathon is still on.',
  ],
  [
    'maya-17',
    'Vegan banana bread',
    'No eggs, no butter, still moist',
    'Mash three very ripe bananas, mix with oil, maple syrup and oat milk, fold in flour, baking soda and walnuts, then bake for fifty minutes.',
  ],
  [
    'maya-18',
    'Q&A: how much I earn from TikTok',
    'Being transparent about creator money 💸',
    'The creator fund pays very little. Most of my income comes from brand deals and my cookbook, and I only work with brands I actually use in my kitchen.',
  ],
  [
    'maya-19',
    'Street food tour in Mexico City',
    'Tacos al pastor at 1am 🌮 #cdmx',
    'We ate tacos al pastor shaved straight off the trompo, tlacoyos with blue corn, and churros at El Moro. Mexico City has the best street food I have tried.',
  ],
  [
    'maya-20',
    'Organising my tiny kitchen',
    'Small kitchen storage hacks',
    'Magnetic knife strip on the wall, stackable glass containers, a rolling cart between the fridge and the counter, and hooks under the shelves for mugs.',
  ],
  [
    'maya-21',
    'Wedding planning update 💍',
    'We picked a venue!',
    'After visiting nine places we booked a barn venue by the vineyard for next September, and my sister is going to be my maid of honour.',
  ],
  [
    'maya-22',
    'Perfect jammy eggs every time',
    'Six and a half minutes, ice bath, done 🥚',
    'Lower cold eggs into boiling water, set a timer for six and a half minutes, move them into an ice bath, and peel them under running water.',
  ],
  [
    'maya-23',
    'Books I read this month',
    'Reading wrap-up 📚 #booktok',
    'I finished a fantasy novel about dragons, a memoir by a chef, and a thriller I read in one night. The chef memoir made me want to work a restaurant shift.',
  ],
  [
    'maya-24',
    'Plant care for beginners',
    'My monstera is thriving 🌿',
    'Water the monstera only when the top two centimetres of soil are dry, give it bright indirect light, and wipe the leaves so they can breathe.',
  ],
  [
    'maya-25',
    'Homemade ramen broth',
    'Twelve hour tonkotsu at home 🍜',
    'Blanch pork bones, then boil them hard for twelve hours with garlic, ginger and onion until the broth turns milky. Season with tare and top with chashu and a jammy egg.',
  ],
  [
    'maya-26',
    'Thrift flip: denim jacket',
    'Turned a $5 jacket into this 🧵',
    'I bought an old denim jacket at the thrift store, cropped it, painted daisies on the back with fabric paint, and added patches on the sleeves.',
  ],
  [
    'maya-27',
    'What I eat in a day as a food creator',
    'Realistic full day of eating',
    'Overnight oats for breakfast, leftovers of whatever I filmed for lunch, an apple with peanut butter, and pasta with pesto for dinner.',
  ],
  [
    'maya-28',
    'Learning to surf at 30',
    'Falling off the board for an hour straight 🏄‍♀️',
    'My first surf lesson in Portugal. I stood up once for about two seconds, swallowed half the ocean, and I am already booking the next lesson.',
  ],
  [
    'maya-29',
    'How I edit my videos on my phone',
    'Editing tutorial with CapCut',
    'I cut on the beat, add captions automatically and fix them by hand, use the same warm colour filter on everything, and export in 1080p at thirty frames.',
  ],
  [
    'maya-30',
    'Moving to a new apartment 📦',
    'Apartment tour coming soon',
    'We finally moved into the new apartment with a bigger kitchen and a balcony for herbs. Unpacking forty boxes took a whole week.',
  ],
];

const leoSeeds: PostSeed[] = [
  [
    'leo-01',
    'Sourdough starter troubleshooting',
    'Why your starter smells like nail polish #sourdough',
    'If your sourdough starter smells like acetone it is hungry. Feed it more often and keep it warmer, and use whole wheat flour for a boost.',
  ],
  [
    'leo-02',
    'Gym progress: one year',
    'Deadlift PR 🏋️',
    'One year of lifting four days a week. My deadlift went from sixty to one hundred and forty kilograms.',
  ],
  [
    'leo-03',
    'Kyoto on a budget',
    'Cheap eats in Kyoto #japan',
    'Hostel near Kyoto station, convenience store onigiri for breakfast, and a matcha latte at a tiny cafe for three hundred yen.',
  ],
  [
    'leo-04',
    'My cat Pixel',
    'Pixel knocks everything off the table 🐈',
    'Pixel pushed my coffee mug off the desk again during a meeting.',
  ],
];

const toDocs = (creatorId: string, seeds: PostSeed[], start: Date): PostDocument[] =>
  seeds.map(([postId, caption, desc, transcript], i) => ({
    postId,
    creatorId,
    caption,
    desc,
    transcript,
    tikTokCreatedAt: new Date(start.getTime() + i * 86_400_000 * 3).toISOString(),
    url: `https://www.tiktok.com/@${creatorId.replace('creator-', '')}/video/${7300000000000000000n + BigInt(i)}`,
  }));

export const MAYA_POSTS: PostDocument[] = toDocs(MAYA, mayaSeeds, new Date('2024-01-05T18:00:00Z'));
export const LEO_POSTS: PostDocument[] = toDocs(LEO, leoSeeds, new Date('2024-03-01T12:00:00Z'));

/** A fan's question about Maya and the post that answers it. */
export const TOPIC_QUESTIONS: Array<[question: string, postId: string]> = [
  ['How often do you feed your sourdough starter?', 'maya-01'],
  ['Why did you leave your office job?', 'maya-02'],
  ['what do u put in ur chili oil??', 'maya-03'],
  ['Where was the best matcha in Kyoto?', 'maya-04'],
  ['What lights do you use for filming?', 'maya-06'],
  ['Can you share the cookie recipe with brown butter?', 'maya-07'],
  ['How is Biscuit getting along with the kitten?', 'maya-08'],
  ['Any tips for cheap meal prep on a budget?', 'maya-09'],
  ['How do you handle panic attacks and anxiety?', 'maya-10'],
  ['Can I make pasta without a pasta machine?', 'maya-11'],
  ['How do I clean a cast iron skillet?', 'maya-14'],
  ['How is your marathon training going, is your knee ok?', 'maya-16'],
  ['Do you have a banana bread recipe without eggs?', 'maya-17'],
  ['How much money do creators make from brand deals?', 'maya-18'],
  ['What did you eat in Mexico City?', 'maya-19'],
  ['When is your wedding and where is the venue?', 'maya-21'],
  ['How long do you boil eggs for jammy yolks?', 'maya-22'],
  ['How do I keep my monstera plant alive?', 'maya-24'],
  ['How do you make tonkotsu ramen broth at home?', 'maya-25'],
  ['Which app do you use to edit your videos?', 'maya-29'],
];
