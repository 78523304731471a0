/** Word lists the generator combines into fictional business names and street addresses. */
export const FIRST_NAMES = [
  'Joe', 'Tony', 'Maria', 'Sam', 'Mike', 'Dave', 'Rosa', 'Luis', 'Frank', 'Eddie', 'Vinny', 'Sal', 'Carmen', 'Nick',
  'Angela', 'Pete', 'Gus', 'Ray', 'Lou', 'Benny', 'Rita', 'Sofia', 'Omar', 'Jake', 'Ben', 'Dan', 'Lisa', 'Nina', 'Hank',
  'Marco', 'Ana', 'Derek', 'Tara', 'Kevin', 'Grace', 'Leo', 'Mia', 'Priya', 'Wes', 'Andre', 'Hector', 'Yuki', 'Chris',
  'Molly', 'Jimmy', 'Rocco', 'Dina', 'Carlos', 'Tommy', 'Ellie', 'Amir', 'Kenji', 'Lena', 'Bobby', 'Irene', 'Walt',
];

export const SURNAMES = [
  'Rivera', 'Johnson', 'Smith', 'Garcia', 'Martinez', 'Nguyen', 'Kim', 'Patel', "O'Brien", 'Kowalski', 'Miller', 'Davis',
  'Brown', 'Wilson', 'Anderson', 'Thompson', 'Lopez', 'Hernandez', 'Gonzalez', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts',
  'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morales', 'Murphy', 'Cook',
  'Rogers', 'Reed', 'Bailey', 'Bell', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward', 'Torres', 'Peterson', 'Gray',
  'Ramirez', 'Watson', 'Brooks', 'Kelly', 'Sanders', 'Price', 'Bennett', 'Wood', 'Barnes', 'Ross', 'Henderson', 'Coleman',
  'Jenkins', 'Perry', 'Powell', 'Patterson', 'Hughes', 'Flores', 'Butler', 'Simmons', 'Foster', 'Bryant', 'Russell',
  'Griffin', 'Diaz', 'Hayes', 'Myers', 'Hamilton', 'Graham', 'Sullivan', 'Wallace', 'Cole', 'Owens', 'Reynolds',
  'Fisher', 'Ellis', 'Harrison', 'Gibson', 'McDonald', 'Cruz', 'Marshall', 'Ortiz', 'Gomez', 'Murray', 'Freeman', 'Wells',
  'Webb', 'Simpson', 'Stevens', 'Tucker', 'Porter', 'Hunter', 'Hicks', 'Crawford', 'Boyd', 'Mason', 'Moreno', 'Kennedy',
  'Warren', 'Dixon', 'Ramos', 'Reyes', 'Burns', 'Gordon', 'Shaw', 'Holmes', 'Rice', 'Robertson', 'Black', 'Daniels',
  'Palmer', 'Mills', 'Nichols', 'Grant', 'Knight', 'Ferguson', 'Stone', 'Hawkins', 'Dunn', 'Perkins', 'Hudson', 'Spencer',
  'Gardner', 'Stephens', 'Payne', 'Pierce', 'Berry', 'Matthews', 'Arnold', 'Wagner', 'Willis', 'Watkins', 'Olson',
  'Carroll', 'Duncan', 'Snyder', 'Hart', 'Cunningham', 'Bradley', 'Lane', 'Andrews', 'Ruiz', 'Harper', 'Fox', 'Riley',
  'Armstrong', 'Carpenter', 'Weaver', 'Greene', 'Lawrence', 'Elliott', 'Chavez', 'Chen', 'Wong', 'Lee', 'Park', 'Singh',
  'Shah', 'Cohen', 'Rossi', 'Romano', 'Costa', 'Novak', 'Schmidt', 'Larsen', 'Jensen', 'Fitzgerald', 'Donnelly',
  'Brennan', 'Gallagher', 'Okafor', 'Mensah', 'Haddad', 'Nakamura', 'Tanaka', 'Silva', 'Santos', 'Castillo', 'Vargas',
  'Mendoza', 'Delgado', 'Aguilar', 'Moretti', 'Esposito', 'Bianchi', 'Kaplan', 'Horvath', 'Lindqvist', 'Abernathy',
];

export const BRAND_WORDS = [
  'Reliable', 'Precision', 'Premier', 'Summit', 'Elite', 'Trusted', 'Honest', 'Quality', 'First Choice', 'All-Star',
  'Blue Ribbon', 'Golden', 'Liberty', 'Patriot', 'Evergreen', 'Lakeside', 'Northside', 'Southside', 'Eastside',
  'Westside', 'Pioneer', 'Heritage', 'Keystone', 'Cornerstone', 'Benchmark', 'Apex', 'Pinnacle', 'Capital', 'Metro',
  'Urban', 'Hometown', 'Family', 'Friendly', 'Rapid', 'Express', 'Superior', 'Sterling', 'Silver Oak', 'Red Door',
  'Green Leaf', 'Bright', 'Clear View', 'True North', 'Sunrise', 'Sunset', 'Riverside', 'Hilltop', 'Parkside',
  'Old Town', 'Main Street', 'Neighborhood', 'Lucky', 'Happy', 'Royal', 'Crown', 'Prestige', 'Modern', 'Classic',
];

export const COMMON_STREETS = [
  'Main St', 'Oak St', 'Maple Ave', 'Elm St', 'Washington Ave', 'Park Ave', 'Market St', 'Lincoln Ave', 'Cedar St',
  'Pine St', 'Lake St', 'Hill St', 'Church St', 'Jefferson St', 'Madison Ave', 'Franklin St', 'Center St', 'River Rd',
  'Highland Ave', 'Grand Ave', 'Spring St', 'Chestnut St', 'Walnut St', 'Union St', 'Water St', '1st St', '2nd St',
  '3rd St', '4th St', '5th St', '7th St', '10th St', '12th St', 'Commerce St', 'Central Ave', 'College Ave',
  'University Ave', 'Mill St', 'Bridge St', 'Front St', 'Court St', 'State St', 'Industrial Blvd', 'Sycamore St',
];
