// The probe pairs an embedding model is calibrated with (see docs/search.md, "How the score is made"): a
// question and the short passage that answers it in other words, across unrelated topics. Every
// question against its own passage shows how close this model puts a paraphrase; against the other
// passages, how close it puts unrelated text. Written for calibration only: no evaluation set
// shares a topic with them, and they are never changed to fit a measurement.
export const CALIBRATION_PROBES: ReadonlyArray<{ question: string; passage: string }> = [
  {
    question: 'how long until I see the money again after sending the order back',
    passage: 'Refunds are paid to the original card within ten working days of the parcel reaching our warehouse.',
  },
  {
    question: 'can I bring my kitten on the train',
    passage:
      'Small animals travel free in a closed basket that fits on your lap; larger dogs need a half-price ticket.',
  },
  {
    question: 'what do I do if I forgot my login',
    passage: 'Choose "Reset password" on the sign-in page and follow the link we email you; it expires after one hour.',
  },
  {
    question: 'is there somewhere to charge my electric car',
    passage:
      'Four EV charging points are on the ground floor of the car park, free for visitors for up to three hours.',
  },
  {
    question: 'how many days off do I get each year',
    passage:
      'Full-time staff receive 25 days of paid annual leave plus public holidays, pro rata for part-time contracts.',
  },
  {
    question: 'my screen stays black when I press the button',
    passage:
      'If the display does not turn on, hold the power key for 15 seconds to force a restart, then charge for an hour.',
  },
  {
    question: 'can I take liquids in my cabin bag',
    passage: 'Containers of up to 100 ml each, in one clear resealable bag, may go through security in hand luggage.',
  },
  {
    question: 'who pays when I use my own car for a client visit',
    passage: 'Business mileage in a private vehicle is reimbursed at 45 pence per mile on an approved expense claim.',
  },
  {
    question: 'how do I get rid of the limescale in the machine',
    passage:
      'Descale the coffee maker monthly: run a cycle with the descaling solution, then two cycles of clean water.',
  },
  {
    question: 'what happens if I am sick on a work day',
    passage: 'Call your manager before your shift starts; from the fourth day of absence a doctor’s note is required.',
  },
  {
    question: 'is breakfast included with the room',
    passage: 'Room rates cover a continental buffet served from 7 to 10 in the ground-floor restaurant.',
  },
  {
    question: 'the printer keeps jamming, what should I try',
    passage:
      'Paper jams usually come from damp or creased sheets: fan the stack, reload it and clean the rollers with a dry cloth.',
  },
  {
    question: 'can my teenager travel without me',
    passage: 'Passengers aged 12 to 15 may fly unaccompanied when a parent completes the consent form at check-in.',
  },
  {
    question: 'how do I change where my salary is paid',
    passage:
      'Update your bank details in the payroll portal before the 15th for the change to apply to this month’s pay.',
  },
  {
    question: 'my package says delivered but it is not here',
    passage:
      'If a parcel marked as delivered is missing, check with neighbours and your safe place, then report it within 48 hours.',
  },
  {
    question: 'how warm should the water be for wool jumpers',
    passage: 'Hand wash knitwear at 30 °C or below with a gentle detergent and dry it flat, away from direct heat.',
  },
  {
    question: 'can I work from home some days',
    passage: 'Employees may work remotely up to two days a week with their line manager’s agreement.',
  },
  {
    question: 'what if my flight is called off',
    passage:
      'When an airline cancels your journey you may choose a full refund or rebooking on the next available service.',
  },
  {
    question: 'how do I stop the app from sending me alerts',
    passage:
      'Notifications can be turned off under Settings, then Preferences; choose which messages you still want to receive.',
  },
  {
    question: 'does the warranty cover a dropped phone',
    passage:
      'The guarantee covers manufacturing faults for two years; accidental damage such as cracked glass is excluded.',
  },
  {
    question: 'where can I leave my bags after checking out',
    passage: 'The front desk keeps luggage safely for departing guests until the evening, at no extra cost.',
  },
  {
    question: 'how much notice do I have to give before quitting',
    passage:
      'The notice period for resignation is one month during the first year of employment and three months after that.',
  },
  {
    question: 'can I pay in instalments',
    passage: 'Orders over 200 euros can be split into three monthly payments with no interest at checkout.',
  },
  {
    question: 'which vaccinations do I need for the trip',
    passage:
      'Travellers to the region are advised to be protected against hepatitis A and typhoid; see a clinic six weeks before departure.',
  },
];
