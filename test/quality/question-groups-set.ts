// Paraphrase groups for the insights' question grouping: each inner list is one question asked
// several ways; different lists are different questions, often on the same subject (a marina and a
// bike shop), so that near neighbours must stay apart. TUNING chose the cosine threshold;
// HELD_OUT was written afterwards and only measures it.

export const TUNING: string[][] = [
  [
    'How much does a visitor mooring cost per night?',
    'What is the price of a guest berth for one night?',
    'how much for mooring overnight',
    'Nightly fee for visiting boats?',
    'What do you charge to moor a boat for a night?',
  ],
  [
    'When does the harbour office open?',
    'What are the opening hours of the harbour office?',
    'harbour office hours',
    'What time is the marina office open until?',
  ],
  [
    'Is there fuel available at the marina?',
    'Can I buy diesel in the harbour?',
    'where can i refuel my boat',
    'Do you have a fuel dock?',
  ],
  ['Can I bring my dog on the pontoons?', 'Are dogs allowed in the marina?', 'pets allowed on the docks?'],
  [
    'How do I reset my password?',
    'I forgot my password, how can I change it?',
    'password reset',
    'How can I recover access to my account if I lost my password?',
  ],
  [
    'Do you offer winter storage for boats?',
    'Can I keep my boat on land over the winter?',
    'winter storage',
    'Is there a place to store a sailboat during winter?',
  ],
  ['Where are the showers?', 'Are there showers and toilets for sailors?', 'shower facilities'],
  [
    'How do I cancel my booking?',
    'Can I cancel a reservation?',
    'cancel reservation',
    'I want to cancel my berth booking',
  ],
];

export const HELD_OUT: string[][] = [
  [
    'How long does shipping take?',
    'When will my order arrive?',
    'delivery time',
    'How many days until my package is delivered?',
  ],
  [
    'Can I return a bike I bought?',
    'What is your return policy?',
    'how do returns work',
    'Is it possible to send back a bicycle and get a refund?',
  ],
  ['Do you repair electric bikes?', 'Can you fix my e-bike?', 'e-bike repair service'],
  ['What sizes do your frames come in?', 'Which frame size should I pick for my height?', 'frame size guide'],
  ['Do you ship to other countries?', 'Is international delivery available?', 'shipping abroad'],
  [
    'How do I change my delivery address?',
    'Can I update the shipping address of my order?',
    'wrong address on my order',
  ],
];
