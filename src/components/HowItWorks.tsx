interface Props {
  productName: string;
}

/** Three steps, told only from what the product does: no ratings, prices or testimonials. */
export default function HowItWorks({ productName }: Props) {
  const steps = [
    {
      title: 'Sign up with a text code',
      text: `Enter your phone number and ${productName} texts you a one-time code. No password to remember.`,
    },
    {
      title: 'Bring your group',
      text: 'Add the friends you eat with. Tell it your food preferences and dietary restrictions.',
    },
    {
      title: 'Get places everyone will enjoy',
      text: `${productName} learns what your group likes and suggests places that suit all of you, not just one.`,
    },
  ];
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title">How it works</h2>
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
