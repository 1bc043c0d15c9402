import { Link } from 'wouter';
import { NewsletterForm } from '../components/NewsletterForm';
import { t } from '../texts';
import { LoginForm, RegisterForm } from './AuthForms';

export function RegisterPage() {
  return (
    <div className="page page--narrow">
      <h1>{t.auth.registerHeading}</h1>
      <p><Link href="/login">{t.auth.toLogin}</Link></p>
      <RegisterForm with428={false} />
      <NewsletterForm />
    </div>
  );
}

/** The combined page: explanation, registration and login side by side. */
export function LoginPage() {
  return (
    <div className="page">
      <h1>{t.auth.loginPageHeading}</h1>
      <ol className="steps">
        {t.auth.steps.map((step) => <li key={step}>{step}</li>)}
      </ol>
      <div className="grid-2">
        <LoginForm />
        <RegisterForm with428 />
      </div>
      <p><Link href="/register">{t.auth.toRegister}</Link></p>
      <NewsletterForm />
    </div>
  );
}
