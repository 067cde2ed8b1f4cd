import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { RequestForm } from './request-form';

function renderForm() {
  const onSubmit = jest.fn();
  render(
    <Provider store={makeStore()}>
      <RequestForm submitting={false} onSubmit={onSubmit} />
    </Provider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('RequestForm', () => {
  it('formats the tire size while typing (light-truck and flotation sizes too) and stops at 16 characters', async () => {
    const { user } = renderForm();
    const tire = screen.getByLabelText(/Tire Size/);
    await user.type(tire, '22565r17');
    expect(tire).toHaveValue('225/65/R17');
    await user.type(tire, '999999999');
    expect((tire as HTMLInputElement).value.length).toBeLessThanOrEqual(16);
    await user.clear(tire);
    await user.type(tire, 'lt26570r17');
    expect(tire).toHaveValue('LT265/70/R17');
    await user.clear(tire);
    await user.type(tire, '33x12.50r15');
    expect(tire).toHaveValue('33X12.50R15');
  });

  it('keeps submit disabled until payment method, a non-zero budget and service type are set', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Service Type/), 'Tire Replacement');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Budget/), '0');
    await user.click(screen.getByRole('radio', { name: /Pay the provider directly in cash/ }));
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(/Budget/));
    await user.type(screen.getByLabelText(/Budget/), '120');
    expect(submit).toBeEnabled();
  });

  it('labels the card option with the $10 processing fee and defaults priority to normal', () => {
    renderForm();
    expect(screen.getByRole('radio', { name: /\$10 processing fee/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Priority')).toHaveValue('normal');
  });

  it('requires the tire size on submit and sends the values when valid', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByLabelText(/Service Type/), 'Flat Tire Repair');
    await user.type(screen.getByLabelText(/Budget/), '75');
    await user.click(screen.getByRole('radio', { name: /Pay the provider directly in cash/ }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByLabelText(/Tire Size/)).toHaveAccessibleDescription(expect.stringContaining('Tire size is required'));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Tire Size/), '205/55/R16');
    await user.type(screen.getByLabelText('Service Address'), '1 Main St, Springfield');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [values, photos] = onSubmit.mock.calls[0] as [Record<string, unknown>, File[]];
    expect(values).toMatchObject({
      serviceType: 'Flat Tire Repair',
      tireSize: '205/55/R16',
      budget: '75',
      paymentMethod: 'cash',
      priority: 'normal',
      address: '1 Main St, Springfield',
      lat: 0,
      lng: 0,
    });
    expect(photos).toEqual([]);
  });

  it('refuses non-image photos and more than 5 files', async () => {
    renderForm();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Photos (optional)');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt is not an image file')).toBeInTheDocument();
    const six = Array.from({ length: 6 }, (_, i) => new File(['x'], `t${i}.png`, { type: 'image/png' }));
    await user.upload(input, six);
    expect(await screen.findByText('Maximum 5 files allowed')).toBeInTheDocument();
  });
});
