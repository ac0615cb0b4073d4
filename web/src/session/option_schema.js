// The core's option table as Module.optionSchema() exports it (core/base/options.cpp,
// described in docs/option_schema.md): per option its name, label, the seed's
// symbol, unit, scale (linear or log), whether it is whole, the range the core accepts
// (min .. max), the slider's span and step, the default, its named values and the
// formulation that owns it (null for the options every formulation uses). The page
// builds its option controls and checks from it.
// Whether an option is a choice between named values (every whole number of its range
// has a name), rather than a number that may have a few named special values.
export function isChoice(entry) {
  return entry.integer && entry.values.length === entry.max - entry.min + 1;
}

export class OptionSchema {
  constructor(jsonText) {
    this.entries = Object.freeze(JSON.parse(jsonText).options.map((entry) => Object.freeze(entry)));
    this.names = Object.freeze(this.entries.map((entry) => entry.name));
    this.byName = new Map();
    for (const entry of this.entries) {
      for (const name of [entry.name, ...entry.aliases]) this.byName.set(name, entry);
    }
    this.formulations = Object.freeze(this.valueNames('formulation'));
  }

  // The entry of an option, by its name or an alias; undefined for unknown names.
  option(name) {
    return this.byName.get(name);
  }

  // The names of an option's named values, in the order of their numbers.
  valueNames(name) {
    return this.option(name).values.map((value) => value.name);
  }

  // The number of a named value, or undefined.
  valueOf(name, valueName) {
    return this.option(name).values.find((value) => value.name === valueName)?.value;
  }

  // The named value with this number, or undefined.
  namedValue(name, number) {
    return this.option(name).values.find((value) => value.value === number);
  }

  // The core's message for a word that is not one of an option's named values.
  unknownValueMessage(name, valueName) {
    return `${name}: must be one of ${this.valueNames(name).join(', ')}, got "${valueName}"`;
  }

  // The options a formulation owns, in table order.
  parametersOf(formulation) {
    return this.entries.filter((entry) => entry.formulation === formulation);
  }
}
