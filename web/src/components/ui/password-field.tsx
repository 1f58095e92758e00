import { texts } from '@tools-factory/contract';
import { useState } from 'react';
import { FaEye, FaEyeSlash } from 'react-icons/fa';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle (its name says what pressing it will do). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={visible ? texts.login.hidePassword : texts.login.showPassword}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? (
            <FaEyeSlash className="text-base" aria-hidden="true" />
          ) : (
            <FaEye className="text-base" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
