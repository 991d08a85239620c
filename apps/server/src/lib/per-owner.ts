/**
 * One value per owner object (a database connection, an app), made on first
 * use and forgotten with its owner: state that must not leak between the apps
 * a process runs side by side (tests start several).
 */
export function perOwner<Value>(make: () => Value): (owner: object) => Value {
  const values = new WeakMap<object, Value>();
  return (owner) => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make();
      values.set(owner, value);
    }
    return value;
  };
}
