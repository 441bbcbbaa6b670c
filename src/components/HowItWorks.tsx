interface Props {
  title: string;
  /** Told only from what the product does: no ratings, prices or testimonials (src/content/i18n/<locale>/words.yaml). */
  steps: { title: string; text: string }[];
}

/** The steps from sign-up to a place everyone enjoys, below the hero. */
export default function HowItWorks({ title, steps }: Props) {
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title">{title}</h2>
      <ol>
        {steps.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
