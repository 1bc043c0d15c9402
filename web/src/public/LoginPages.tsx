import { Link } from 'wouter';
import { NewsletterForm } from '../components/NewsletterForm';
import { t } from '../texts';
import { LoginForm, RegisterForm } from './AuthForms';

export function RegisterPage() {
  return (
    <div className="page page--narrow">
      <h1>{t.auth.registerHeading}</h1>
      <p>
        <Link href="/login">{t.auth.toLogin}</Link>
      </p>
      <RegisterForm with428={false} />
      <NewsletterForm />
    </div>
  );
}

/** The combined page: explanation, registration and login side by side. */
export function LoginPage() {
  return (
    <div className="page">
      <section className="hero" aria-labelledby="login-page-heading">
        <h1 id="login-page-heading">{t.auth.loginPageHeading}</h1>
        <ol className="steps">
          {t.auth.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <div className="grid-2">
        <LoginForm />
        <RegisterForm with428 />
      </div>
      <p>
        <Link href="/register">{t.auth.toRegister}</Link>
      </p>
      <NewsletterForm />
    </div>
  );
}
